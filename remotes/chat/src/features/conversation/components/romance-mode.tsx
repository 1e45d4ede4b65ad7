import { useState } from 'react';
import type { User } from '@companion/contracts';
import { Button, ConfirmDialog } from '@companion/ui';
import { apiError, useBus, useTrack, useTransport } from '@companion/remote-kit';
import * as styles from './conversation.css.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

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
  const thisYear = new Date().getFullYear();
  const [month, setMonth] = useState(1);
  const [year, setYear] = useState(thisYear - 25);
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

  const verify = async () => {
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
      <ConfirmDialog
        open={asking}
        title="Confirm your age"
        confirmLabel="Confirm"
        busy={busy}
        error={error}
        testId="age-dialog"
        onConfirm={() => void verify()}
        onClose={() => setAsking(false)}
      >
        <p>Romance mode is for adults. Enter your birth month and year.</p>
        <div className={styles.ageFields}>
          <label>
            Month{' '}
            <select value={month} onChange={(event) => setMonth(Number(event.target.value))}>
              {MONTHS.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Year{' '}
            <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
              {Array.from({ length: 100 }, (_, n) => thisYear - n).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        </div>
      </ConfirmDialog>
    </>
  );
}
