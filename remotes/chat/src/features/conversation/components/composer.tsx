import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Icon, IconButton, TokenCost } from '@companion/ui';
import { useTransport } from '@companion/remote-kit';
import { saveInput } from '../../../shared/api/chats-api.ts';
import { draftFor, keepDraft } from '../lib/drafts.ts';
import * as styles from './conversation.css.ts';

interface ComposerProps {
  chatId: string;
  serverInput: string | null;
  price: number | null;
  /** Price of a photo request (`tokenPriceForImage`); the camera button shows it before the spend. */
  photoPrice: number | null;
  /** Asks the character for a photo; null while one is being taken. */
  onPhoto: (() => void) | null;
  /** Why sending is not possible now (locked character), shown instead of the price. */
  disabledReason: string | null;
  streaming: boolean;
  onSend(text: string): void;
  onStop(): void;
}

const SAVE_AFTER_MS = 600;
const MAX_LENGTH = 2000;

/**
 * The input: Enter sends, Shift+Enter breaks the line; the draft is kept per chat (here and through
 * Chats/save-input); the message price shows before the spend; while a reply streams the button stops it.
 */
export function Composer({
  chatId,
  serverInput,
  price,
  photoPrice,
  onPhoto,
  disabledReason,
  streaming,
  onSend,
  onStop,
}: ComposerProps) {
  const transport = useTransport();
  const [text, setText] = useState(() => draftFor(chatId, serverInput));
  const saved = useRef(serverInput ?? '');
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    keepDraft(chatId, text);
    if (text === saved.current) return;
    const timer = setTimeout(() => {
      saved.current = text;
      void saveInput(transport, chatId, text === '' ? null : text).catch(() => undefined);
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text, chatId, transport]);

  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 160)}px`;
  }, [text]);

  const disabled = disabledReason !== null;
  const submit = () => {
    if (disabled || text.trim() === '' || streaming) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div>
      <div className={styles.composerHint} id={`composer-hint-${chatId}`}>
        {disabledReason ?? (
          <>
            Each message costs {price !== null ? <TokenCost amount={price} /> : '…'}
            {photoPrice !== null && (
              <>
                {' · '}a photo <TokenCost amount={photoPrice} />
              </>
            )}
          </>
        )}
      </div>
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <IconButton
          type="button"
          variant="secondary"
          aria-label={photoPrice !== null ? `Ask for a photo for ${photoPrice} tokens` : 'Ask for a photo'}
          disabled={disabled || onPhoto === null}
          onClick={() => onPhoto?.()}
        >
          <Icon name="image" />
        </IconButton>
        <textarea
          ref={input}
          className={styles.input}
          rows={1}
          value={text}
          maxLength={MAX_LENGTH}
          placeholder={disabled ? 'Unlock to chat' : 'Write a message'}
          aria-label="Message"
          aria-describedby={`composer-hint-${chatId}`}
          disabled={disabled}
          enterKeyHint="send"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        {streaming ? (
          <IconButton type="button" variant="secondary" aria-label="Stop reply" onClick={onStop}>
            <Icon name="stop" />
          </IconButton>
        ) : (
          <IconButton
            type="submit"
            variant="primary"
            aria-label={price !== null ? `Send for ${price} tokens` : 'Send'}
            disabled={disabled || text.trim() === ''}
          >
            <Icon name="send" />
          </IconButton>
        )}
      </form>
    </div>
  );
}
