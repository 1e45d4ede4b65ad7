import { useCallback, useEffect, useState } from 'react';
import type { Message } from '@companion/contracts';
import { Button, Icon, IconButton, Spinner, TokenCost } from '@companion/ui';
import {
  handleSpendError,
  useBus,
  useBusState,
  useResource,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { markSeen, react, unlockChat } from '../../../shared/api/chats-api.ts';
import { Avatar } from '../../../shared/components/avatar.tsx';
import { chatName } from '../../../shared/lib/chat-name.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { errorCopy } from '../lib/hub-error.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { RomanceMode } from './romance-mode.tsx';
import * as styles from './conversation.css.ts';

interface ConversationProps {
  chatId: string;
  /** Phones show one pane at a time: the back button returns to the list. */
  onBack: (() => void) | null;
  /** The list learns about changes (a new last message, an unlock). */
  onChanged(): void;
}

/** One open chat: header with the balance, the virtualised history, the live reply and the composer. */
export function Conversation({ chatId, onBack, onChanged }: ConversationProps) {
  const transport = useTransport();
  const bus = useBus();
  const visitor = useVisitor();
  const shellBalance = useBusState('tokens:balance-changed')?.balance.remainingTokens;
  const conversation = useConversation(chatId);
  const { chat, errorCode, send, replaceMessage, setChat } = conversation;
  const price = visitor.user?.userPricingInfo.tokenPriceForMessage ?? null;
  const [unlocking, setUnlocking] = useState(false);
  const unlockPrice = useResource<{ price: number }>(chat?.isBlurred ? `unlock-price:${chatId}` : null, (t) =>
    t.request<{ price: number }>(`Chats/${encodeURIComponent(chatId)}/unlock-price`),
  );

  // A short balance asks for the insufficient-tokens offer, with what the message needs.
  useEffect(() => {
    if (errorCode === 'insufficient_tokens')
      bus.publish('tokens:insufficient-requested', {
        request: 'message',
        needed: price ?? 1,
        source: 'chat',
      });
  }, [errorCode, bus, price]);

  const lastId = conversation.messages.at(-1)?.id;
  useEffect(() => {
    if (!lastId) return;
    onChanged();
    void markSeen(transport, chatId).catch(() => undefined);
  }, [lastId, chatId, transport, onChanged]);

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
    },
    [transport, replaceMessage],
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
      if (!handleSpendError(error, bus, 'chat')) void conversation.reload();
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
                : 'online'}
          </span>
        </div>
        <RomanceMode user={visitor.user} personId={chat.personModelEntityId} />
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
      />
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
          {errorCode === 'generation_failed' && (
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
        disabledReason={chat.isBlurred ? 'This character is locked: unlock her to send messages.' : null}
        streaming={conversation.streaming}
        onSend={onSend}
        onStop={() => void conversation.stop()}
      />
    </section>
  );
}
