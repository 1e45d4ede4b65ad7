import crypto from 'node:crypto';
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

/**
 * What the outbox keeps of a message: the recipient as a SHA-256 of the lower-cased address, the subject, when,
 * and any failure. The address and body (a sign-in link is a password for 15 minutes) are kept only for the
 * development viewer, and only until `expires_at`.
 */
export interface OutboxRetention {
  /** Keep the address and body for `GET /api/dev/outbox` (DEV_MAIL_VIEWER=1). */
  keepForViewer: boolean;
  /** How long the viewer may show them. */
  viewerTtlMs: number;
}

const NO_VIEWER: OutboxRetention = { keepForViewer: false, viewerTtlMs: 0 };

/** The stored form of a recipient: hex SHA-256 of the trimmed, lower-cased address. */
export function recipientHash(address: string): string {
  return crypto.createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
}

/** Forgets the addresses and bodies whose viewing time is over. */
export async function expireOutbox(db: Queryable, now = new Date()): Promise<void> {
  await db.query(
    'UPDATE email_outbox SET to_address = NULL, body_text = NULL, expires_at = NULL WHERE expires_at <= $1',
    [now],
  );
}

async function record(
  db: Queryable,
  retention: OutboxRetention,
  message: EmailMessage,
  sent: boolean,
  error: string | null,
): Promise<void> {
  const keep = retention.keepForViewer;
  await expireOutbox(db);
  await db.query(
    `INSERT INTO email_outbox (to_hash, to_address, subject, body_text, expires_at, sent_at, error)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() ELSE NULL END, $7)`,
    [
      recipientHash(message.to),
      keep ? message.to : null,
      message.subject,
      keep ? message.text : null,
      keep ? new Date(Date.now() + retention.viewerTtlMs) : null,
      sent,
      error,
    ],
  );
}

/** Where the outbox mailer prints each message for the person running the server locally. */
export type TerminalPrinter = (text: string) => void;

const printToTerminal: TerminalPrinter = (text) => {
  process.stdout.write(text);
};

/** Development default: nothing leaves the machine; the message is recorded and printed to the terminal. */
export function createOutboxMailer(
  db: Queryable,
  print: TerminalPrinter = printToTerminal,
  retention: OutboxRetention = NO_VIEWER,
): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await record(db, retention, message, false, null);
      print(
        `\n[mail, not sent: SMTP_URL is not set] to ${message.to}\nSubject: ${message.subject}\n${message.text}\n\n`,
      );
    },
  };
}

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587); failures are recorded and rethrown. */
export function createSmtpMailer(
  db: Queryable,
  smtpUrl: string,
  from: string,
  retention: OutboxRetention = NO_VIEWER,
): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        await record(db, retention, message, false, error instanceof Error ? error.message : String(error));
        throw error;
      }
      await record(db, retention, message, true, null);
    },
  };
}

/** Picks SMTP when configured, else the outbox (printed to the terminal, silent in tests). */
export function createMailer(
  db: Queryable,
  config: {
    smtpUrl: string | null;
    mailFrom: string;
    env: 'development' | 'test' | 'production';
    devMailViewer?: boolean;
    magicLinkTtlSeconds?: number;
  },
): Mailer {
  const retention: OutboxRetention = {
    keepForViewer: config.devMailViewer === true,
    viewerTtlMs: (config.magicLinkTtlSeconds ?? 15 * 60) * 1000,
  };
  if (config.smtpUrl) return createSmtpMailer(db, config.smtpUrl, config.mailFrom, retention);
  return createOutboxMailer(db, config.env === 'test' ? () => undefined : printToTerminal, retention);
}
