import { Suspense, lazy, useState } from 'react';
import type { PersonModel } from '@companion/contracts';
import {
  apiError,
  handleSpendError,
  useBus,
  useRemoteNavigate,
  useTrack,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { unlockModel } from '../api/unlock-model.ts';
import { unlockPremiumModel } from '../api/unlock-premium-model.ts';
import { cardAction, chatHref } from '../lib/card-action.ts';

// The confirm dialog loads with the first token unlock, not with the page (ADR 0260).
const UnlockDialog = lazy(() =>
  import('../components/unlock-dialog.tsx').then((m) => ({ default: m.UnlockDialog })),
);

interface Pending {
  model: PersonModel;
  endpoint: 'PersonModel/unlock' | 'PersonModel/unlock-premium-model';
}

/**
 * The card click path (000 §6): open characters go to chat; locked and premium ones go through the shell's
 * sign-in and paywall intents, or a confirmed token unlock; running out of tokens opens the tokens paywall.
 */
export function useCardClick(source: string) {
  const bus = useBus();
  const transport = useTransport();
  const navigate = useRemoteNavigate();
  const track = useTrack();
  const visitor = useVisitor();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);

  const onCardClick = (model: PersonModel) => {
    const action = cardAction(model, visitor);
    track('explore_model_clicked', { model_id: model.id, action: action.kind, placement: source });
    if (action.kind === 'open-chat') void navigate(chatHref(model.id));
    else if (action.kind === 'sign-in') bus.publish('auth:login-requested', { mode: 'login', source });
    else if (action.kind === 'paywall')
      bus.publish('paywall:open-requested', { paywallType: 'subscription', source });
    else {
      setError(null);
      setAsked(true);
      setPending({ model, endpoint: action.endpoint });
    }
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    const { model, endpoint } = pending;
    try {
      const unlock = endpoint === 'PersonModel/unlock' ? unlockModel : unlockPremiumModel;
      await unlock(transport, model.id);
      bus.publish('character:unlocked', { personModelId: model.id });
      bus.publish('tokens:balance-refresh-requested', { source });
      setPending(null);
      void navigate(chatHref(model.id));
    } catch (caught) {
      const { status, code } = apiError(caught);
      // 402 asks for tokens (the API's 402 names the price), 401 asks for sign-in: the kit's one spend-error rule.
      if (handleSpendError(caught, bus, source, { request: 'character' })) {
        setPending(null);
      } else if (status === 409 && code === 'already_unlocked') {
        setPending(null);
        void navigate(chatHref(model.id));
      } else {
        setError('We could not unlock this character. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  const dialog = asked && (
    <Suspense fallback={null}>
      <UnlockDialog
        model={pending?.model ?? null}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Suspense>
  );
  return { onCardClick, dialog };
}
