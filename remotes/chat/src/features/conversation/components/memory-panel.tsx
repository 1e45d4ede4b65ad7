import { useEffect, useState } from 'react';
import { Icon, IconButton, Modal, Spinner } from '@companion/ui';
import { apiError, useResource, useTransport } from '@companion/remote-kit';
import { forget, getMemory } from '../../../shared/api/chats-api.ts';
import type { ChatMemory } from '../../../shared/api/chats-api.ts';
import * as styles from './memory-panel.css.ts';

interface MemoryPanelProps {
  chatId: string;
  name: string;
  open: boolean;
  onClose(): void;
}

// The label beside each fact, by what it is about.
const KIND_LABELS: Record<string, string> = {
  name: 'You',
  age: 'You',
  work: 'Work',
  home: 'Home',
  origin: 'Roots',
  pet: 'Pet',
  person: 'People',
  like: 'Likes',
  dislike: 'Dislikes',
  event: 'Moment',
};

/**
 * What the character remembers of this chat (ADR 0360): the facts the user shared and the summary of older turns,
 * each deletable. Opened from the chat header; a lazy chunk.
 */
export default function MemoryPanel({ chatId, name, open, onClose }: MemoryPanelProps) {
  const transport = useTransport();
  const memory = useResource<ChatMemory>(`chat-memory:${chatId}`, (t) => getMemory(t, chatId));
  const [shown, setShown] = useState<ChatMemory | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Opening shows what the character learnt since the last look.
  const { refetch } = memory;
  useEffect(() => {
    if (open) {
      setShown(null);
      refetch();
    }
  }, [open, refetch]);
  const current = shown ?? memory.data ?? null;

  async function remove(what: { factId: string } | { summary: true }, key: string) {
    setBusy(key);
    setFailure(null);
    try {
      setShown(await forget(transport, chatId, what));
      refetch();
    } catch (error) {
      setFailure(
        apiError(error).kind === 'fetch'
          ? 'You seem to be offline. Try again when you are back.'
          : 'That could not be deleted. Try again.',
      );
    } finally {
      setBusy(null);
    }
  }

  const nothing = current !== null && current.facts.length === 0 && current.summary === null;
  return (
    <Modal open={open} onClose={onClose} title={`What ${name} remembers`}>
      <p className={styles.intro}>
        {name} keeps the things you share in this chat and can bring them up later. Delete anything you want
        forgotten.
      </p>
      {current === null ? (
        memory.error ? (
          <p className={styles.error} role="alert">
            This could not be loaded. Close it and try again.
          </p>
        ) : (
          <Spinner />
        )
      ) : nothing ? (
        <p className={styles.empty} data-testid="memory-empty">
          Nothing yet. Tell {name} about your day, your people, your pets, and {name} will remember.
        </p>
      ) : (
        <>
          {current.facts.length > 0 && (
            <>
              <h3 className={styles.section}>Things you told {name}</h3>
              <ul className={styles.list} data-testid="memory-facts">
                {current.facts.map((fact) => (
                  <li key={fact.id} className={styles.item} data-fact-id={fact.id}>
                    <span className={styles.kind}>{KIND_LABELS[fact.kind] ?? 'Note'}</span>
                    <span className={styles.text}>{fact.text}</span>
                    <IconButton
                      aria-label={`Forget: ${fact.text}`}
                      disabled={busy !== null}
                      onClick={() => void remove({ factId: fact.id }, fact.id)}
                    >
                      {busy === fact.id ? (
                        <Spinner size="sm" label={null} />
                      ) : (
                        <Icon name="close" size={16} />
                      )}
                    </IconButton>
                  </li>
                ))}
              </ul>
            </>
          )}
          {current.summary !== null && (
            <>
              <h3 className={styles.section}>Earlier in your chat</h3>
              <div className={styles.item} data-testid="memory-summary">
                <span className={styles.text}>{current.summary}</span>
                <IconButton
                  aria-label="Forget the summary of earlier messages"
                  disabled={busy !== null}
                  onClick={() => void remove({ summary: true }, 'summary')}
                >
                  {busy === 'summary' ? <Spinner size="sm" label={null} /> : <Icon name="close" size={16} />}
                </IconButton>
              </div>
            </>
          )}
        </>
      )}
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
    </Modal>
  );
}
