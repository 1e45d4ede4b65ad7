import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Chat, Message } from '@companion/contracts';
import { Button, Icon, IconButton, Spinner, TokenCost } from '@companion/ui';
import {
  askForTokens,
  handleSpendError,
  useBus,
  useBusState,
  useInvalidate,
  useResource,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { chooseAlternative, markSeen, react, unlockChat } from '../../../shared/api/chats-api.ts';
import { Avatar } from '../../../shared/components/avatar.tsx';
import { chatName } from '../../../shared/lib/chat-name.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { usePhotoRequest } from '../hooks/use-photo-request.ts';
import { errorCopy } from '../lib/hub-error.ts';
import { romanceOfferFor } from '../lib/romance.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';

export { preloadLongList } from './message-list.tsx';
import { useRomanceMode } from './romance-mode.tsx';
import * as styles from './conversation.css.ts';
import { usePerson } from '../../../shared/api/use-person.ts';

// The character's photos (profile sheet) load when opened or when the gallery unlocks one.
const CharacterPhotos = lazy(() => import('./character-photos.tsx'));
// What the character remembers of the chat (ADR 0360) loads when opened.
const MemoryPanel = lazy(() => import('./memory-panel.tsx'));
// "Rate this reply" (ADR 0440) loads when a reply is disliked.
const ReplyFeedback = lazy(() => import('./reply-feedback.tsx'));

interface ConversationProps {
  chatId: string;
  /** Phones show one pane at a time: the back button returns to the list. */
  onBack: (() => void) | null;
  /** The list learns about changes (a new last message, an unlock). */
  onChanged(): void;
  /** The list's copy of this chat (its last message), shown until the chat's newest page arrives. */
  preview?: Chat | null;
}

/** One open chat: header with the balance, the virtualised history, the live reply and the composer. */
export function Conversation({ chatId, onBack, onChanged, preview = null }: ConversationProps) {
  const transport = useTransport();
  const bus = useBus();
  const visitor = useVisitor();
  const shellBalance = useBusState('tokens:balance-changed')?.balance.remainingTokens;
  const conversation = useConversation(chatId, preview);
  const { chat, errorCode, send, replaceMessage, setChat } = conversation;
  const price = visitor.user?.userPricingInfo.tokenPriceForMessage ?? null;
  const invalidate = useInvalidate();
  const { photo, photoPrice, askPhoto } = usePhotoRequest(chatId, replaceMessage);
  const [photosOpen, setPhotosOpen] = useState(false);
  const [memoryOpen, setMemoryOpen] = useState(false);
  /** The reply whose "what went wrong?" form is open. */
  const [feedbackFor, setFeedbackFor] = useState<Message | null>(null);
  const [unlockedImage, setUnlockedImage] = useState<string | null>(null);
  const personId = chat?.personModelEntityId ?? '';
  const romance = useRomanceMode(visitor.user, personId);
  const person = usePerson(personId);

  // A gallery unlock of this character shows in its chat at once (000 §4: it is marked unlocked in the character).
  useEffect(() => {
    const subscription = bus.subscribe('gallery:image-unlocked', ({ galleryImageId, personModelId }) => {
      if (!personModelId || personModelId !== personId) return;
      invalidate(`person:${personModelId}`);
      setUnlockedImage(galleryImageId);
    });
    return () => subscription.unsubscribe();
  }, [bus, personId, invalidate]);
  const [unlocking, setUnlocking] = useState(false);
  const unlockPrice = useResource<{ price: number }>(chat?.isBlurred ? `unlock-price:${chatId}` : null, (t) =>
    t.request<{ price: number }>(`Chats/${encodeURIComponent(chatId)}/unlock-price`),
  );

  // A short balance asks for the insufficient-tokens offer, with what the message needs.
  useEffect(() => {
    if (errorCode === 'insufficient_tokens') askForTokens(bus, 'chat', { request: 'message', needed: price });
  }, [errorCode, bus, price]);

  // The list follows the newest message (its preview, its unread state) once a reply has settled: one refresh and at
  // most one mark-seen per reply, not one each per stored item, and none racing the send (ADR 0255).
  const newest = conversation.streaming ? undefined : conversation.messages.at(-1);
  const newestId = newest?.id;
  const unseen = newest?.sender === 'character' && !newest.isSeen;
  const listed = useRef(preview?.messages.at(-1)?.id);
  useEffect(() => {
    if (!newestId) return;
    const changed = newestId !== listed.current;
    listed.current = newestId;
    if (unseen) void markSeen(transport, chatId).then(onChanged, () => undefined);
    else if (changed) onChanged();
  }, [newestId, unseen, chatId, transport, onChanged]);

  const onSend = useCallback(
    (text: string) => {
      if (!visitor.loggedIn) {
        bus.publish('auth:login-requested', { mode: 'login', source: 'chat' });
        return;
      }
      send(text);
    },
    [visitor.loggedIn, bus, send],
  );

  const onReact = useCallback(
    (message: Message, reaction: 'like' | 'dislike') => {
      const value = reaction === 'like' ? !message.isLiked : !message.isDisliked;
      replaceMessage({
        ...message,
        isLiked: reaction === 'like' ? value : value ? false : message.isLiked,
        isDisliked: reaction === 'dislike' ? value : value ? false : message.isDisliked,
      });
      react(transport, message.id, reaction, value).then(replaceMessage, () => replaceMessage(message));
      // A dislike asks what went wrong; skipping the form keeps the dislike.
      if (reaction === 'dislike' && value) setFeedbackFor(message);
    },
    [transport, replaceMessage],
  );

  const onChoose = useCallback(
    (message: Message, index: number) => {
      const text = message.alternatives?.[index];
      if (text === undefined) return;
      replaceMessage({ ...message, message: text, alternativeIndex: index });
      chooseAlternative(transport, message.id, index).then(replaceMessage, () => replaceMessage(message));
    },
    [transport, replaceMessage],
  );
  const { regenerate, streaming } = conversation;
  const replyTools = useMemo(
    () => ({ price, onRegenerate: streaming || photo?.state === 'pending' ? null : regenerate, onChoose }),
    [price, streaming, photo?.state, regenerate, onChoose],
  );

  const unlock = async () => {
    setUnlocking(true);
    try {
      const result = await unlockChat(transport, chatId);
      setChat(result.chat);
      bus.publish('character:unlocked', { personModelId: result.chat.personModelEntityId });
      bus.publish('tokens:balance-refresh-requested', { source: 'chat' });
      onChanged();
    } catch (error) {
      const spend = { request: 'character', needed: unlockPrice.data?.price } as const;
      if (!handleSpendError(error, bus, 'chat', spend)) void conversation.reload();
    } finally {
      setUnlocking(false);
    }
  };

  if (conversation.loadError) {
    return (
      <section className={styles.pane} aria-label="Conversation">
        <div className={styles.placeholder}>
          <div>
            <p>This conversation could not be loaded.</p>
            <Button onClick={() => void conversation.reload()}>Try again</Button>
          </div>
        </div>
      </section>
    );
  }
  if (!chat) {
    return (
      <section className={styles.pane} aria-label="Conversation" aria-busy="true">
        <div className={styles.placeholder}>
          <Spinner />
        </div>
      </section>
    );
  }

  const name = chatName(chat);
  const balance = conversation.balance ?? shellBalance ?? null;
  const streamingText = conversation.streamingReply ? conversation.streamingReply.text : null;
  const failed = errorCode !== null && errorCode !== 'insufficient_tokens';
  const romanceOffer = conversation.streamingReply
    ? null
    : romanceOfferFor(conversation.messages, romance.active);
  return (
    <section className={styles.pane} aria-label={`Conversation with ${name}`} data-testid="conversation">
      <header className={styles.header}>
        {onBack && (
          <IconButton aria-label="Back to chats" onClick={onBack}>
            <Icon name="back" />
          </IconButton>
        )}
        <Avatar personModelId={chat.personModelEntityId} name={name} size={40} />
        <div className={styles.headerText}>
          <h2 className={styles.headerName}>{name}</h2>
          <span className={styles.headerSub} aria-live="polite">
            {conversation.typing || conversation.streamingReply
              ? 'typing…'
              : conversation.disconnected
                ? 'reconnecting…'
                : // The character's status (000 §3, §4: default Offline), not the connection's.
                  (person.data?.status ?? 'Offline')}
          </span>
        </div>
        {visitor.loggedIn && (
          <IconButton
            aria-label={`What ${name} remembers`}
            className={styles.headerAction}
            onClick={() => setMemoryOpen(true)}
          >
            <Icon name="memory" />
          </IconButton>
        )}
        <IconButton
          aria-label={`Photos of ${name}`}
          className={styles.headerAction}
          onClick={() => setPhotosOpen(true)}
        >
          <Icon name="gallery" />
        </IconButton>
        {romance.active !== null && (
          <Button
            size="sm"
            variant={romance.active ? 'primary' : 'secondary'}
            aria-pressed={romance.active}
            onClick={() => romance.set(!romance.active)}
          >
            Romance {romance.active ? 'on' : 'off'}
          </Button>
        )}
        {balance !== null && (
          <span
            className={styles.balance}
            data-testid="chat-balance"
            aria-label={`Balance: ${balance} tokens`}
          >
            <Icon name="tokens" size={16} />
            {balance}
          </span>
        )}
      </header>
      <MessageList
        messages={conversation.messages}
        pending={conversation.pending}
        streamingText={streamingText}
        blurred={chat.isBlurred}
        hasOlder={conversation.hasOlder}
        loadingOlder={conversation.loadingOlder}
        onLoadOlder={conversation.loadOlder}
        onReact={onReact}
        emptyText={`This is the start of your story with ${chat.personModelFirstName}. Say hi!`}
        replyTools={chat.isBlurred || !visitor.loggedIn ? null : replyTools}
        photoPending={photo?.state === 'pending'}
      />
      {romance.dialog}
      {memoryOpen && (
        <Suspense fallback={null}>
          <MemoryPanel chatId={chat.id} name={name} open={memoryOpen} onClose={() => setMemoryOpen(false)} />
        </Suspense>
      )}
      {feedbackFor && (
        <Suspense fallback={null}>
          <ReplyFeedback
            message={feedbackFor}
            personId={chat.personModelEntityId}
            name={name}
            onClose={() => setFeedbackFor(null)}
          />
        </Suspense>
      )}
      {(photosOpen || unlockedImage) && (
        <Suspense fallback={null}>
          <CharacterPhotos
            personModelId={chat.personModelEntityId}
            name={name}
            open={photosOpen}
            unlockedImageId={unlockedImage}
            onOpen={() => setPhotosOpen(true)}
            onClose={() => {
              setPhotosOpen(false);
              setUnlockedImage(null);
            }}
          />
        </Suspense>
      )}
      {romanceOffer && (
        <div className={styles.notice} role="status" data-testid="romance-offer">
          <span style={{ flex: 1 }}>
            {chat.personModelFirstName} wants to take this further. Turn on romance mode to let her.
          </span>
          <Button size="sm" onClick={() => romance.set(true, romanceOffer.id)}>
            Turn on romance
          </Button>
        </div>
      )}
      {photo && photo.state !== 'pending' && (
        <div className={`${styles.notice} ${styles.noticeError}`} role="alert" data-testid="photo-error">
          <span style={{ flex: 1 }}>
            {photo.state === 'offline'
              ? 'The photo request did not get through. Check your connection and try again.'
              : photo.refunded > 0
                ? `The photo failed; your ${photo.refunded} tokens were refunded.`
                : 'The photo could not be taken. Please try again.'}
          </span>
          <Button size="sm" variant="secondary" onClick={() => void askPhoto()}>
            <Icon name="retry" size={16} /> Retry
          </Button>
        </div>
      )}
      {chat.isBlurred && (
        <div className={styles.locked} data-testid="chat-locked">
          <Icon name="lock" size={28} />
          <strong>{name} is locked</strong>
          <span>Unlock her to read her messages and keep chatting.</span>
          <Button loading={unlocking} onClick={() => void unlock()} disabled={unlockPrice.data === undefined}>
            Unlock for {unlockPrice.data ? <TokenCost amount={unlockPrice.data.price} /> : '…'}
          </Button>
        </div>
      )}
      {failed && (
        <div className={`${styles.notice} ${styles.noticeError}`} role="alert" data-testid="reply-error">
          <span style={{ flex: 1 }}>{errorCopy(errorCode, price)}</span>
          {(errorCode === 'generation_failed' || errorCode === 'engine_busy') && (
            <Button size="sm" variant="secondary" onClick={conversation.retry}>
              <Icon name="retry" size={16} /> Retry
            </Button>
          )}
        </div>
      )}
      {conversation.disconnected && (
        <div className={styles.notice} role="status" data-testid="reply-reconnecting">
          {errorCopy(null, null)}
        </div>
      )}
      <Composer
        key={chatId}
        chatId={chatId}
        serverInput={chat.input}
        price={price}
        photoPrice={photoPrice}
        onPhoto={photo?.state === 'pending' ? null : () => void askPhoto()}
        disabledReason={chat.isBlurred ? 'This character is locked: unlock her to send messages.' : null}
        streaming={conversation.streaming}
        onSend={onSend}
        onStop={() => void conversation.stop()}
      />
    </section>
  );
}
