import { lazy, Suspense, useState } from 'react';
import type { User } from '@companion/contracts';
import { Button } from '@companion/ui';
import { apiError, useBus, useTrack, useTransport } from '@companion/remote-kit';

// The age dialog (Modal, focus trap) loads only when someone asks for romance mode.
const AgeDialog = lazy(() => import('./age-dialog.tsx'));

/**
 * Romance mode (000 §3, §7): `User/activate-romance-mode` toggles it; turning it on first asks for the age
 * (`User/verify-user-age` with BirthMonth/BirthYear), whose success sets hasConfirmedAge and romance mode on.
 */
export function RomanceMode({ user, personId }: { user: User | null | undefined; personId: string }) {
  const transport = useTransport();
  const bus = useBus();
  const track = useTrack();
  const [active, setActive] = useState(user?.userFeatures.isRomanceModeActive ?? false);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;

  const activate = async (isActive: boolean) => {
    await transport.request('User/activate-romance-mode', {
      method: 'POST',
      body: { IsActive: isActive, PersonId: personId },
    });
    setActive(isActive);
    track('romance_mode', { isActive, personId });
    bus.publish('user:refresh-requested', { source: 'chat' });
  };

  const toggle = () => {
    if (!active && !user.userFeatures.hasConfirmedAge) {
      setAsking(true);
      return;
    }
    void activate(!active).catch(() => undefined);
  };

  const verify = async (month: number, year: number) => {
    setBusy(true);
    setError(null);
    try {
      await transport.request('User/verify-user-age', {
        method: 'POST',
        body: { BirthMonth: month, BirthYear: year, PersonId: personId },
      });
      track('age_confirmation', { personId });
      await activate(true);
      setAsking(false);
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

  return (
    <>
      <Button size="sm" variant={active ? 'primary' : 'secondary'} aria-pressed={active} onClick={toggle}>
        Romance {active ? 'on' : 'off'}
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <AgeDialog
            busy={busy}
            error={error}
            onConfirm={(month, year) => void verify(month, year)}
            onClose={() => setAsking(false)}
          />
        </Suspense>
      )}
    </>
  );
}
