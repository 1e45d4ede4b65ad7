import { useState } from 'react';
import { BirthDateFields, Button, Icon, Modal, type BirthDate } from '@companion/ui';
import { apiError } from '@companion/remote-kit';
import { useShell } from '../app/shell-context.tsx';
import * as form from './form-error.css.ts';
import * as styles from './modal-body.css.ts';
import { useVisitor } from './use-visitor.ts';

/** What the visitor was on the way to, in their words. */
const PLACES: Record<string, string> = {
  '/settings': 'Settings',
  '/tokens': 'The token shop',
  '/magic-page-tokens': 'The token shop',
};

/**
 * The content confirmation (000 §1 "Adult content is shown only after confirmation flags are recorded", §4, §6):
 * the age gate (birth month and year, `User/verify-user-age`, asked once) and the NSFW confirmation, or the SFW
 * one. Confirming NSFW continues to `destination`; choosing SFW stays on the main page.
 */
export function ContentDialog({ destination, onClose }: { destination: string; onClose: () => void }) {
  const { history, brand } = useShell();
  const { api, user } = useVisitor();
  const askAge = !user?.userFeatures?.hasConfirmedAge;
  const [birth, setBirth] = useState<BirthDate>({ month: 1, year: new Date().getFullYear() - 25 });
  const [busy, setBusy] = useState<'nsfw' | 'sfw' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const place =
    PLACES[new URL(destination, window.location.origin).pathname.replace(/\/+$/, '')] ?? 'This page';

  const choose = async (choice: 'nsfw' | 'sfw') => {
    setBusy(choice);
    setError(null);
    try {
      await api.confirmContent(choice, choice === 'nsfw' && askAge ? birth : undefined);
      onClose();
      if (choice === 'nsfw') history.push(destination);
    } catch (failure) {
      setError(apiError(failure).message ?? 'We could not save your choice. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Are you 18 or older?"
      hideTitle
      size="md"
      dismissable={busy === null}
    >
      <div className={styles.modalBody} data-testid="content-dialog">
        <span className={styles.heroIcon} aria-hidden="true">
          <Icon name="lock" size={32} />
        </span>
        <h2 className={styles.modalTitle}>Are you 18 or older?</h2>
        <p className={styles.modalLead}>
          {place} is part of {brand.name}'s adult (18+) side. Confirm your age to switch adult content on, or
          keep {brand.name} safe for work.
        </p>
        {askAge && <BirthDateFields value={birth} onChange={setBirth} />}
        {error && (
          <p className={form.formError} role="alert">
            {error}
          </p>
        )}
        <Button
          size="lg"
          fullWidth
          loading={busy === 'nsfw'}
          disabled={busy === 'sfw'}
          onClick={() => void choose('nsfw')}
        >
          I'm 18 or older, continue
        </Button>
        <Button
          variant="ghost"
          fullWidth
          loading={busy === 'sfw'}
          disabled={busy === 'nsfw'}
          onClick={() => void choose('sfw')}
        >
          Keep it safe for work
        </Button>
        <p className={styles.smallPrint}>You can change this any time in Settings.</p>
      </div>
    </Modal>
  );
}
