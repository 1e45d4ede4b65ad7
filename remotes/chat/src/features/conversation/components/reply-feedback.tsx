import { useState, type FormEvent } from 'react';
import type { Message } from '@companion/contracts';
import { Button, Icon, Modal, TextField } from '@companion/ui';
import { apiError, useTransport } from '@companion/remote-kit';
import { sendFeedback } from '../../../shared/api/feedback-api.ts';
import type { ReplyFeedbackReason } from '../../../shared/api/feedback-api.ts';
import * as styles from './reply-feedback.css.ts';

interface ReplyFeedbackProps {
  /** The disliked reply. */
  message: Message;
  personId: string;
  name: string;
  onClose(): void;
}

/** The chips, in the order people reach for them. */
const REASONS: Array<{ id: ReplyFeedbackReason; label: string }> = [
  { id: 'nonsense', label: 'Didn’t make sense' },
  { id: 'off_topic', label: 'Off topic' },
  { id: 'forgot', label: 'Forgot what I said' },
  { id: 'out_of_character', label: 'Not like {name}' },
  { id: 'repetitive', label: 'Repetitive' },
  { id: 'inappropriate', label: 'Inappropriate' },
];

const COMMENT_MAX = 1000;

/**
 * "Rate this reply" (ADR 0440): opened by disliking one of the character's replies. What went wrong (chips) and an
 * optional comment go to `POST feedback` with the reply's id; skipping keeps the dislike. A lazy chunk.
 */
export default function ReplyFeedback({ message, personId, name, onClose }: ReplyFeedbackProps) {
  const transport = useTransport();
  const [reasons, setReasons] = useState<ReplyFeedbackReason[]>([]);
  const [comment, setComment] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');

  const toggle = (id: ReplyFeedbackReason) => {
    setFailure(null);
    setReasons((current) => (current.includes(id) ? current.filter((r) => r !== id) : [...current, id]));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = comment.trim();
    if (reasons.length === 0 && text === '') {
      setFailure('Choose what went wrong or write a few words.');
      return;
    }
    setState('sending');
    setFailure(null);
    try {
      await sendFeedback(transport, {
        category: 'chat_reply',
        messageId: message.id,
        personId,
        reasons,
        ...(text ? { message: text } : {}),
      });
      setState('sent');
    } catch (caught) {
      const error = apiError(caught);
      setState('editing');
      setFailure(
        error.kind === 'fetch'
          ? 'You seem to be offline. Try again when you are back.'
          : error.status !== null && error.status < 500 && error.message
            ? error.message
            : 'Your feedback could not be sent. Try again.',
      );
    }
  }

  return (
    <Modal open onClose={onClose} title={state === 'sent' ? 'Thank you' : 'What went wrong?'}>
      {state === 'sent' ? (
        <div className={styles.thanks} role="status">
          <span className={styles.thanksIcon}>
            <Icon name="message" size={22} />
          </span>
          <p className={styles.thanksText}>Thanks for telling us. It helps {name} reply better.</p>
          <div className={styles.actions}>
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          {message.message && <blockquote className={styles.quote}>{message.message}</blockquote>}
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Pick all that apply</legend>
            <div className={styles.chips}>
              {REASONS.map((reason) => (
                <button
                  key={reason.id}
                  type="button"
                  className={styles.chip}
                  aria-pressed={reasons.includes(reason.id)}
                  onClick={() => toggle(reason.id)}
                >
                  {reason.label.replace('{name}', name)}
                </button>
              ))}
            </div>
          </fieldset>
          <TextField
            multiline
            label="Anything else? (optional)"
            placeholder={`Tell us what ${name} should have said`}
            rows={3}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(event) => {
              setFailure(null);
              setComment(event.target.value);
            }}
          />
          {failure && (
            <p className={styles.error} role="alert">
              {failure}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="button" variant="ghost" onClick={onClose}>
              Skip
            </Button>
            <Button type="submit" loading={state === 'sending'}>
              Send feedback
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
