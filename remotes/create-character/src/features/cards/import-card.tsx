import { useId, useState } from 'react';
import type { CharacterDraft } from '@companion/contracts';
import { apiError, useTrack, useTransport } from '@companion/remote-kit';
import { parseDraft } from '../../lib/draft/draft.ts';
import { MAX_CARD_BYTES, fileToBase64, importCard } from '../../lib/api/cards.ts';
import * as styles from './cards.css.ts';

const MESSAGES: Record<string, string> = {
  card_too_large: 'That card is too large (at most 700 KB).',
  card_malformed: 'That file is not a readable character card.',
  card_unsupported: 'Only Character Card V1, V2 and V3 files (PNG or JSON) can be imported.',
  // The server's budgets (one user's conversions at once, everyone's queue): the file is fine, the moment is not.
  rate_limited: 'You are importing cards too quickly. Wait a few seconds and try again.',
  server_busy: 'We are busy reading other cards right now. Try again in a few seconds.',
};

/** Reads a Character Card file into a new draft (ADR 0171); nothing is created until the wizard's last step. */
export function ImportCard({ onImported }: { onImported(draft: CharacterDraft): void }) {
  const transport = useTransport();
  const track = useTrack();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const read = async (file: File) => {
    setError(null);
    if (file.size > MAX_CARD_BYTES) {
      setError(MESSAGES.card_too_large!);
      return;
    }
    setBusy(true);
    try {
      const { draft, spec } = await importCard(transport, await fileToBase64(file));
      const parsed = parseDraft(draft);
      if (!parsed) throw new Error('unreadable draft');
      track('character_card_imported', { spec });
      onImported(parsed);
    } catch (caught) {
      const { code } = apiError(caught);
      setError((code && MESSAGES[code]) ?? 'We could not read that card. Please try another file.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.importBox}>
      <label htmlFor={id} className={styles.importLabel} aria-busy={busy || undefined}>
        {busy ? 'Reading card…' : 'Import a character card (PNG or JSON)'}
      </label>
      <input
        id={id}
        className={styles.fileInput}
        type="file"
        accept=".png,.json,image/png,application/json"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void read(file);
        }}
      />
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
