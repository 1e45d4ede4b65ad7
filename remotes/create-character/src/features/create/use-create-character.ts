import { useCallback, useState } from 'react';
import type { CharacterDraft } from '@companion/contracts';
import { PATHS } from '@companion/contracts';
import {
  apiError,
  askForTokens,
  useBus,
  useBusState,
  useInvalidate,
  useRemoteNavigate,
  useTrack,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { draftStore } from '../../lib/draft/draft.ts';
import { stepOfField, toRequestBody, type StepId } from '../../lib/draft/steps.ts';
import { MY_AI_KEY } from '../../lib/api/created-persons.ts';
import { createCharacter } from '../../lib/api/create-character.ts';

const SOURCE = 'create-character';

/** Where a failed create sends the user. */
export interface CreateFailure {
  message: string;
  /** The step owning the field the server rejected. */
  step: StepId | null;
}

/** Price, balance and the create action of the wizard's last button (000 §3, ADR 0170). */
export function useCreateCharacter(adult: boolean) {
  const bus = useBus();
  const transport = useTransport();
  const navigate = useRemoteNavigate();
  const invalidate = useInvalidate();
  const track = useTrack();
  const visitor = useVisitor();
  const balance = useBusState('tokens:balance-changed')?.balance.remainingTokens ?? null;
  const price = visitor.user?.userPricingInfo.tokenPriceForPersonModelCreation ?? null;
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<CreateFailure | null>(null);

  const short = useCallback(
    (needed: number) => {
      track('character_creation_blocked', { reason: 'insufficient_tokens', needed });
      askForTokens(bus, SOURCE, { request: 'character', needed });
    },
    [bus, track],
  );

  const create = useCallback(
    async (draft: CharacterDraft): Promise<CreateFailure | null> => {
      setFailure(null);
      if (!visitor.loggedIn) {
        track('character_creation_blocked', { reason: 'anonymous' });
        bus.publish('auth:login-requested', { mode: 'login', source: SOURCE });
        return null;
      }
      if (price !== null && balance !== null && balance < price) {
        short(price);
        return null;
      }
      setCreating(true);
      track('character_creation_submitted', { style: draft.style, price });
      try {
        const model = await createCharacter(transport, toRequestBody(draft, { adult }));
        draftStore.clear();
        const owner = visitor.user?.id ?? visitor.session?.userId;
        if (owner) invalidate(MY_AI_KEY(owner));
        bus.publish('tokens:balance-refresh-requested', { source: SOURCE });
        track('character_created', { style: draft.style, price, person_model_id: model.id });
        navigate(PATHS.chat.href({ modelId: model.id }));
        return null;
      } catch (caught) {
        const error = apiError(caught);
        let result: CreateFailure | null = null;
        if (error.status === 401) bus.publish('auth:login-requested', { mode: 'login', source: SOURCE });
        else if (error.status === 402) short(price ?? error.required ?? 1);
        else if (error.status === 400)
          result = {
            message: `Something in your choices was not accepted (${error.field ?? 'a field'}). Please check it.`,
            step: stepOfField(error.field),
          };
        else result = { message: 'We could not create her just now. Please try again.', step: null };
        track('character_creation_failed', { status: error.status, code: error.code });
        setFailure(result);
        return result;
      } finally {
        setCreating(false);
      }
    },
    [adult, balance, bus, invalidate, navigate, price, short, track, transport, visitor],
  );

  return { create, creating, failure, price, balance, dismissFailure: () => setFailure(null) };
}
