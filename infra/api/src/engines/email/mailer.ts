import nodemailer from 'nodemailer';
import type { Queryable } from '../../db/database.ts';

/** One outgoing email. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends email; every message is also recorded in `email_outbox`. Without SMTP nothing leaves the machine: the
 * message is printed to the server's terminal, and the loopback-only viewer `GET /api/dev/outbox` exists only
 * when `DEV_MAIL_VIEWER=1` (never by default: a public outbox lets anyone read anyone's sign-in link).
 */
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

/** Where the outbox mailer prints each message for the person running the server locally. */
export type TerminalPrinter = (text: string) => void;

const printToTerminal: TerminalPrinter = (text) => {
  process.stdout.write(text);
};

/** Development default: nothing leaves the machine; the message is recorded and printed to the terminal. */
export function createOutboxMailer(db: Queryable, print: TerminalPrinter = printToTerminal): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await record(db, message, false, null);
      print(
        `\n[mail, not sent: SMTP_URL is not set] to ${message.to}\nSubject: ${message.subject}\n${message.text}\n\n`,
      );
    },
  };
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

/** Picks SMTP when configured, else the outbox (printed to the terminal, silent in tests). */
export function createMailer(
  db: Queryable,
  config: { smtpUrl: string | null; mailFrom: string; env: 'development' | 'test' | 'production' },
): Mailer {
  if (config.smtpUrl) return createSmtpMailer(db, config.smtpUrl, config.mailFrom);
  return createOutboxMailer(db, config.env === 'test' ? () => undefined : printToTerminal);
}
