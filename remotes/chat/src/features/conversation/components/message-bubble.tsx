import { memo } from 'react';
import type { Message } from '@companion/contracts';
import { Icon, IconButton, Image } from '@companion/ui';
import type { ReplyToolsProps } from './reply-tools.tsx';
import * as styles from './conversation.css.ts';
import { deferredComponent } from '@companion/remote-kit';

// Regenerate and alternatives load with the first reply that offers them (the route's byte budget, ADR 0220); the
// text shows meanwhile, without Suspense and its reveal delay (ADR 0255).
const replyTools = deferredComponent(() => import('./reply-tools.tsx').then((module) => module.default));

/** What the newest reply's tools need besides the message. */
export type ReplyToolsOptions = Omit<ReplyToolsProps, 'message' | 'children'>;

interface MessageBubbleProps {
  message: Message;
  /** Secret content stays blurred until the chat is unlocked. */
  blurred: boolean;
  onReact?(message: Message, reaction: 'like' | 'dislike'): void;
  /** The newest message: its reactions always show. */
  last?: boolean;
  /** The newest reply: regenerate and its alternatives. */
  tools?: ReplyToolsOptions | null;
}

/** A reply's reaction buttons, each pressed while the message carries its flag. */
const REACTIONS = [
  { reaction: 'like', label: 'Like', icon: 'thumb-up', on: 'isLiked' },
  { reaction: 'dislike', label: 'Dislike', icon: 'thumb-down', on: 'isDisliked' },
] as const;

// One formatter for every bubble: `toLocaleTimeString` builds a new one per call, a cost 50 rows feel (ADR 0255).
const clock = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });
const time = (iso: string) => clock.format(new Date(iso));

/** One stored message: text, image, video, full video or self-destructing photo; reactions on replies. */
export const MessageBubble = memo(function MessageBubble({
  message,
  blurred,
  onReact,
  last = false,
  tools = null,
}: MessageBubbleProps) {
  const mine = message.sender === 'user';
  const video = message.fullVideoUrl ?? message.videoUrl;
  const hideMedia = blurred || message.isSelfDestructingPhoto;
  const withTools = Boolean(message.message) && !blurred;
  const ReplyTools = replyTools.useLoaded(withTools && tools !== null);
  const text = message.message ? (
    <div className={`${styles.bubble} ${mine ? styles.bubbleMine : styles.bubbleTheirs}`}>
      {message.message}
    </div>
  ) : null;
  return (
    <div
      className={`${styles.bubbleLine} ${mine ? styles.mine : styles.theirs}`}
      data-testid="message"
      data-sender={message.sender}
    >
      {message.imageUrl && (
        <span className={styles.media}>
          <Image
            className={`${styles.mediaItem} ${hideMedia ? styles.blurred : ''}`}
            src={message.imageUrl}
            alt={hideMedia ? 'Hidden photo' : 'Photo'}
            loading="lazy"
          />
          {hideMedia && (
            <span className={styles.mediaOverlay}>
              <Icon name="lock" size={28} />
            </span>
          )}
        </span>
      )}
      {!message.imageUrl && message.isSelfDestructingPhoto && (
        <span className={styles.bubble + ' ' + styles.bubbleTheirs}>Self-destructing photo</span>
      )}
      {video && (
        <span className={styles.media}>
          {blurred ? (
            <span className={styles.mediaOverlay} style={{ position: 'static', padding: 48 }}>
              <Icon name="lock" size={28} />
            </span>
          ) : (
            <video className={styles.mediaItem} src={video} controls playsInline preload="metadata" />
          )}
        </span>
      )}
      {ReplyTools && withTools && tools ? (
        <ReplyTools message={message} {...tools}>
          {text}
        </ReplyTools>
      ) : (
        text
      )}
      <div className={styles.meta}>
        <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
        {!mine && onReact && (
          <span
            className={styles.reactions}
            data-visible={last || message.isLiked || message.isDisliked ? 'true' : 'false'}
          >
            {REACTIONS.map(({ reaction, label, icon, on }) => (
              <IconButton
                key={reaction}
                size="sm"
                aria-label={label}
                aria-pressed={message[on]}
                className={message[on] ? styles.reactionOn : undefined}
                onClick={() => onReact(message, reaction)}
              >
                <Icon name={icon} size={14} />
              </IconButton>
            ))}
          </span>
        )}
      </div>
    </div>
  );
});

/** The reply being written: its text so far, or the typing dots before the first word. */
export function StreamingBubble({ text }: { text: string }) {
  return (
    <div className={`${styles.bubbleLine} ${styles.theirs}`} data-testid="streaming-reply" aria-live="polite">
      <div className={`${styles.bubble} ${styles.bubbleTheirs}`}>
        {text === '' ? (
          <span className={styles.typing} role="status" aria-label="Typing">
            <span className={styles.typingDot} />
            <span className={styles.typingDot} />
            <span className={styles.typingDot} />
          </span>
        ) : (
          text
        )}
      </div>
    </div>
  );
}

/** A message still in the outbox (offline) or on its way. */
export function PendingBubble({ text, waiting }: { text: string; waiting: boolean }) {
  return (
    <div className={`${styles.bubbleLine} ${styles.mine}`} data-testid="pending-message">
      <div className={`${styles.bubble} ${styles.bubbleMine} ${styles.pendingBubble}`}>{text}</div>
      <div className={styles.meta}>{waiting ? 'Waiting for connection…' : 'Sending…'}</div>
    </div>
  );
}

/** A requested photo on its way. */
export function PhotoPendingBubble() {
  return (
    <div className={`${styles.bubbleLine} ${styles.theirs}`} data-testid="photo-pending" role="status">
      <div className={`${styles.bubble} ${styles.bubbleTheirs} ${styles.photoPending}`}>
        <Icon name="image" size={18} /> Taking a photo for you…
      </div>
    </div>
  );
}
