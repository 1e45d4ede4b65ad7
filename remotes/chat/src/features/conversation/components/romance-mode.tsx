import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { User } from '@companion/contracts';
import { apiError, useBus, useTrack, useTransport } from '@companion/remote-kit';

// The age dialog (Modal, focus trap) loads only when someone asks for romance mode.
const AgeDialog = lazy(() => import('./age-dialog.tsx'));

/** What {@link useRomanceMode} gives the conversation: one state for the header toggle and the in-chat offer. */
export interface RomanceMode {
  /** Null for a visitor without a user (nothing to offer). */
  active: boolean | null;
  /** Turns it on (asking the age first when unconfirmed) or off; `messageId` names the reply that offered it. */
  set(isActive: boolean, messageId?: string): void;
  /** The age dialog while it is open. */
  dialog: ReactNode;
}

/**
 * Romance mode (000 §3, §7): `User/activate-romance-mode` toggles it; turning it on first asks for the age
 * (`User/verify-user-age` with BirthMonth/BirthYear and the optional MessageId/PersonId), whose success sets
 * hasConfirmedAge and romance mode on.
 */
export function useRomanceMode(user: User | null | undefined, personId: string): RomanceMode {
  const transport = useTransport();
  const bus = useBus();
  const track = useTrack();
  const [active, setActive] = useState(user?.userFeatures.isRomanceModeActive ?? false);
  const [asking, setAsking] = useState<{ messageId?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const activate = async (isActive: boolean, messageId?: string) => {
    await transport.request('User/activate-romance-mode', {
      method: 'POST',
      body: { IsActive: isActive, PersonId: personId, ...(messageId ? { MessageId: messageId } : {}) },
    });
    setActive(isActive);
    track('romance_mode', { isActive, personId, offered: messageId !== undefined });
    bus.publish('user:refresh-requested', { source: 'chat' });
  };

  const set = (isActive: boolean, messageId?: string) => {
    if (isActive && !user?.userFeatures.hasConfirmedAge) {
      setAsking(messageId ? { messageId } : {});
      return;
    }
    void activate(isActive, messageId).catch(() => undefined);
  };

  const verify = async (month: number, year: number) => {
    setBusy(true);
    setError(null);
    const messageId = asking?.messageId;
    try {
      await transport.request('User/verify-user-age', {
        method: 'POST',
        body: {
          BirthMonth: month,
          BirthYear: year,
          PersonId: personId,
          ...(messageId ? { MessageId: messageId } : {}),
        },
      });
      track('age_confirmation', { personId });
      await activate(true, messageId);
      setAsking(null);
    } catch (caught) {
      setError(
        apiError(caught).code === 'underage'
          ? 'You must be at least 18 years old to turn on romance mode.'
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const dialog = asking && (
    <Suspense fallback={null}>
      <AgeDialog
        busy={busy}
        error={error}
        onConfirm={(month, year) => void verify(month, year)}
        onClose={() => setAsking(null)}
      />
    </Suspense>
  );
  return { active: user ? active : null, set, dialog };
}
