import nodemailer from 'nodemailer';
import type { Queryable } from '../../db/database.ts';

/** One outgoing email. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends email; every message is also recorded in `email_outbox` (readable at GET /api/dev/outbox outside production). */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: EmailMessage): Promise<void>;
}

async function record(
  db: Queryable,
  message: EmailMessage,
  sent: boolean,
  error: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO email_outbox (to_address, subject, body_text, sent_at, error)
     VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() ELSE NULL END, $5)`,
    [message.to, message.subject, message.text, sent, error],
  );
}

/** Development default: nothing leaves the machine; the outbox table is the inbox. */
export function createOutboxMailer(db: Queryable): Mailer {
  return { kind: 'outbox', send: (message) => record(db, message, false, null) };
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587); failures are recorded and rethrown. */
export function createSmtpMailer(db: Queryable, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        await record(db, message, false, error instanceof Error ? error.message : String(error));
        throw error;
      }
      await record(db, message, true, null);
    },
  };
}

/** Picks SMTP when configured, else the outbox. */
export function createMailer(db: Queryable, config: { smtpUrl: string | null; mailFrom: string }): Mailer {
  return config.smtpUrl ? createSmtpMailer(db, config.smtpUrl, config.mailFrom) : createOutboxMailer(db);
}
