import { useCallback, useEffect, useState } from 'react';
import { PATHS, type PersonModel } from '@companion/contracts';
import {
  useBus,
  useInvalidate,
  useResource,
  useTrack,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { Button, Image, SegmentedControl, Skeleton } from '@companion/ui';
import { download, exportCard } from '../../../lib/api/cards.ts';
import { MY_AI_KEY, getCreatedPersons, setModelDeleted } from '../../../lib/api/created-persons.ts';
import { ORDERS, createdLabel, sortModels, type MyAiOrder } from '../lib/sort.ts';
import { RenameDialog } from './rename-dialog.tsx';
import * as styles from './my-ai.css.ts';

/** How long a deleted character can be brought back from the page. */
export const UNDO_MS = 30_000;

/** The Character Card files a character exports to, in the order their buttons show. */
const CARD_FORMATS = ['png', 'json'] as const;
type CardFormat = (typeof CARD_FORMATS)[number];

const portraitOf = (model: PersonModel): string | null => {
  const first = model.bodyImages[0];
  if (!first) return null;
  return typeof first === 'string' ? first : first.imageUrl;
};

/** The user's characters: open chat, rename, delete with undo; an empty state leads to the wizard. */
export function MyAiList() {
  const visitor = useVisitor();
  const bus = useBus();
  const transport = useTransport();
  const invalidate = useInvalidate();
  const track = useTrack();
  const userId = visitor.loggedIn ? (visitor.user?.id ?? visitor.session?.userId ?? null) : null;
  const key = userId ? MY_AI_KEY(userId) : null;
  const list = useResource(key, getCreatedPersons);
  const [renaming, setRenaming] = useState<PersonModel | null>(null);
  const [deleted, setDeleted] = useState<PersonModel | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [order, setOrder] = useState<MyAiOrder>('newest');

  useEffect(() => {
    if (!deleted) return undefined;
    const timer = setTimeout(() => setDeleted(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [deleted]);

  const remove = useCallback(
    async (model: PersonModel) => {
      setError(null);
      setHidden((current) => new Set(current).add(model.id));
      try {
        await setModelDeleted(transport, model.id, true);
        track('my_ai_character_deleted', { person_model_id: model.id });
        setDeleted(model);
      } catch {
        setHidden((current) => {
          const next = new Set(current);
          next.delete(model.id);
          return next;
        });
        setError(`Could not delete ${model.firstName}. Please try again.`);
      }
    },
    [track, transport],
  );

  const exportAs = useCallback(
    async (model: PersonModel, format: CardFormat) => {
      setError(null);
      try {
        const file = await exportCard(transport, model.id, format);
        download(file.fileName, file.contentType, file.base64);
        track('character_card_exported', { person_model_id: model.id, format });
      } catch {
        setError(`Could not export ${model.firstName}'s card. Please try again.`);
      }
    },
    [track, transport],
  );

  const undo = useCallback(async () => {
    if (!deleted) return;
    setDeleted(null);
    try {
      await setModelDeleted(transport, deleted.id, false);
      track('my_ai_character_restored', { person_model_id: deleted.id });
      setHidden((current) => {
        const next = new Set(current);
        next.delete(deleted.id);
        return next;
      });
      if (key) invalidate(key);
    } catch {
      setError(`Could not bring ${deleted.firstName} back. Please try again.`);
    }
  }, [deleted, invalidate, key, track, transport]);

  if (!visitor.loggedIn) {
    return (
      <div className={styles.empty}>
        <p className={styles.emptyTitle}>Sign in to see your characters</p>
        <p>The characters you create are kept in your account.</p>
        <Button onClick={() => bus.publish('auth:login-requested', { mode: 'login', source: 'my-ai' })}>
          Sign in
        </Button>
      </div>
    );
  }
  if (list.status === 'error') {
    return (
      <div className={styles.empty} role="alert">
        <p className={styles.emptyTitle}>We could not load your characters</p>
        <Button variant="secondary" onClick={() => key && invalidate(key)}>
          Try again
        </Button>
      </div>
    );
  }
  if (!list.data) {
    return (
      <ul className={styles.grid} aria-busy="true" aria-label="Loading your characters">
        {[0, 1, 2, 3].map((index) => (
          <li key={index}>
            <Skeleton height={360} />
          </li>
        ))}
      </ul>
    );
  }
  const models = sortModels(
    list.data.filter((model) => !hidden.has(model.id)),
    order,
  );
  return (
    <>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {models.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No characters yet</p>
          <p>Design her looks, her personality and her voice. It takes a minute.</p>
          <Button href={PATHS.createCharacter.href()}>Create your first character</Button>
        </div>
      ) : (
        <>
          {models.length > 1 ? (
            <SegmentedControl
              label="Sort your characters"
              className={styles.sort}
              options={ORDERS}
              value={order}
              onChange={(next) => {
                setOrder(next);
                track('my_ai_sorted', { order: next });
              }}
            />
          ) : null}
          <ul className={styles.grid} aria-label="Your characters">
            {models.map((model) => {
              const portrait = portraitOf(model);
              const created = createdLabel(model);
              return (
                <li key={model.id} className={styles.card} data-person-model-id={model.id}>
                  <a
                    className={styles.media}
                    href={PATHS.chat.href({ modelId: model.id })}
                    aria-label={`Chat with ${model.firstName}`}
                  >
                    {portrait ? (
                      <Image
                        className={styles.portrait}
                        src={portrait}
                        alt=""
                        loading="lazy"
                        width={512}
                        height={768}
                      />
                    ) : null}
                    <span className={styles.mediaText}>
                      <span className={styles.name}>{model.firstName}</span>
                      <span className={styles.meta}>
                        {model.age} · {model.isAnime ? 'Anime' : 'Realistic'}
                      </span>
                      {created ? (
                        <time className={styles.meta} dateTime={model.createdAt} data-testid="created-date">
                          {created}
                        </time>
                      ) : null}
                    </span>
                  </a>
                  <div className={styles.actions}>
                    <Button size="sm" className={styles.chat} href={PATHS.chat.href({ modelId: model.id })}>
                      Chat
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      className={styles.small}
                      onClick={() => setRenaming(model)}
                      aria-label={`Rename ${model.firstName}`}
                    >
                      Rename
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className={styles.small}
                      onClick={() => void remove(model)}
                      aria-label={`Delete ${model.firstName}`}
                    >
                      Delete
                    </Button>
                    {CARD_FORMATS.map((format) => (
                      <Button
                        key={format}
                        size="sm"
                        variant="ghost"
                        className={styles.small}
                        onClick={() => void exportAs(model, format)}
                        aria-label={`Export ${model.firstName} as a ${format.toUpperCase()} card`}
                      >
                        {`Card ${format.toUpperCase()}`}
                      </Button>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      {renaming ? (
        <RenameDialog
          model={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={() => {
            track('my_ai_character_renamed', { person_model_id: renaming.id });
            setRenaming(null);
            if (key) invalidate(key);
          }}
        />
      ) : null}
      {deleted ? (
        <div className={styles.undo} role="status">
          <span>{deleted.firstName} was deleted.</span>
          <Button size="sm" variant="secondary" onClick={() => void undo()}>
            Undo
          </Button>
        </div>
      ) : null}
    </>
  );
}
