import { useEffect, useState } from 'react';
import { PATHS } from '@companion/contracts';
import { useBrand, useRemoteNavigate, useResource, useTrack } from '@companion/remote-kit';
import { firstImage } from '../../../lib/first-image.ts';
import { getFunnelModels, peekFunnelModels } from '../api/funnel-models.ts';
import { pickFor, preLandingTag } from '../lib/tag.ts';
import * as styles from './chat-landing.css.ts';

const MESSAGES = [
  'Hey you 👋',
  'I was hoping you would come by… I have been thinking about you all day.',
  'Can I show you something? Only if you promise to reply 😏',
];
const REPLIES = ['Show me 😍', 'Hi! Who are you?', 'I promise'];
/** Pause between her messages. */
const MESSAGE_MS = 1100;

/**
 * The chat funnel (`/chat-landing/:chatId`; `/` of the fakeChat brand without a chat id): a chat that has already
 * started, tagged as its pre-landing `chat_funnel_{chatId}` or `fake_chat` (000 §2.1). Replying carries the
 * visitor into the app: her chat, or the plans on the fakeChat brand (its route set is main, pricing and this).
 */
export function ChatLanding({ chatId }: { chatId: string | null }) {
  const track = useTrack();
  const navigate = useRemoteNavigate();
  const brand = useBrand();
  const tag = preLandingTag(chatId);
  // The list the origin inlined: the first render is the server's first screen (ADR 0458).
  const models = useResource('funnel-models|quiz', (transport) => getFunnelModels(transport, 'quiz'), {
    initial: (transport) => peekFunnelModels(transport, 'quiz'),
  });
  const model = pickFor(models.data ?? [], chatId);
  const [shown, setShown] = useState(1);

  useEffect(() => {
    track('pre_landing_viewed', { preLanding: tag, isLanding: true });
  }, [track, tag]);

  useEffect(() => {
    if (shown >= MESSAGES.length) return;
    const timer = window.setTimeout(() => setShown((n) => n + 1), MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  const image = firstImage(model);
  const reply = (text: string) => {
    track('chat_funnel_replied', { preLanding: tag, reply: text, person_model_id: model?.id ?? null });
    if (brand.id === 'fakeChat' || !model) navigate(PATHS.pricing.href({ preLanding: tag }));
    else navigate(PATHS.chat.href({ modelId: model.id }));
  };

  return (
    <div className={styles.page} data-testid="chat-landing" data-pre-landing={tag}>
      <section className={styles.phone} aria-labelledby="chat-landing-name">
        <div className={styles.header}>
          {image ? (
            <img className={styles.avatar} src={image} alt="" width={52} height={52} />
          ) : (
            <span className={styles.avatar} />
          )}
          <div className={styles.who}>
            <h1 id="chat-landing-name" className={styles.name}>
              {model ? model.firstName : 'New message'}
            </h1>
            {/* The character's status (000 §3, §4: default Offline). */}
            {model?.status === 'Online' ? (
              <span className={styles.online}>● Online now</span>
            ) : (
              <span className={styles.offline}>Offline</span>
            )}
          </div>
        </div>
        {image ? (
          <img
            className={styles.photo}
            src={image}
            alt={model ? `${model.firstName}'s photo` : ''}
            width={480}
            height={600}
          />
        ) : null}
        <div className={styles.thread} role="log" aria-live="polite">
          {MESSAGES.slice(0, shown).map((message) => (
            <p key={message} className={styles.bubble}>
              {message}
            </p>
          ))}
          {shown < MESSAGES.length ? (
            <p className={styles.typing} aria-label="typing">
              …
            </p>
          ) : null}
        </div>
        <div className={styles.replies}>
          {REPLIES.map((text) => (
            <button key={text} type="button" className={styles.reply} onClick={() => reply(text)}>
              {text}
            </button>
          ))}
        </div>
        <p className={styles.note}>18+ · AI character · replies are generated</p>
      </section>
    </div>
  );
}
