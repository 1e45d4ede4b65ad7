import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/database.ts';
import { createMailer, createOutboxMailer, expireOutbox, recipientHash } from './mailer.ts';

/** The smallest SMTP dialogue nodemailer needs; records each DATA block. */
function fakeSmtp(received: string[]): net.Server {
  return net.createServer((socket) => {
    let inData = false;
    let data = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'MAIL' || verb === 'RCPT') socket.write('250 ok\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (line) socket.write('250 ok\r\n');
      }
    });
  });
}

describe('mailer', () => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let smtp: net.Server;
  const received: string[] = [];
  beforeAll(async () => {
    ({ db, cleanup } = await openTestDatabase('pglite'));
    smtp = fakeSmtp(received);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    smtp?.close();
    await cleanup?.();
  });

  it('should print unsent mail to the terminal, where the local user reads their sign-in link', async () => {
    const printed: string[] = [];
    const mailer = createOutboxMailer(db, (text) => printed.push(text));
    await mailer.send({
      to: 'term@example.com',
      subject: 'Your sign-in link',
      text: 'http://x/?MagicCode=abc',
    });
    expect(printed.join('')).toContain('to term@example.com');
    expect(printed.join('')).toContain('http://x/?MagicCode=abc');
  });

  it('should keep mail in the outbox when SMTP is not configured', async () => {
    const mailer = createMailer(db, { smtpUrl: null, mailFrom: 'a@b.c', env: 'test' });
    expect(mailer.kind).toBe('outbox');
    await mailer.send({ to: 'x@example.com', subject: 'S', text: 'T' });
    const rows = await db.query<{
      to_address: string | null;
      body_text: string | null;
      sent_at: Date | null;
    }>('SELECT to_address, body_text, sent_at FROM email_outbox WHERE to_hash = $1', [
      recipientHash('x@example.com'),
    ]);
    // Who, when and the subject only: no address and no body on disk without the development viewer.
    expect(rows).toEqual([{ to_address: null, body_text: null, sent_at: null }]);
  });

  it('should keep a message in plain text only for the development viewer, and only until it expires', async () => {
    const mailer = createMailer(db, {
      smtpUrl: null,
      mailFrom: 'a@b.c',
      env: 'test',
      devMailViewer: true,
      magicLinkTtlSeconds: 900,
    });
    await mailer.send({
      to: 'Viewer@Example.com',
      subject: 'Your sign-in link',
      text: 'http://x/?MagicCode=k',
    });
    const stored = () =>
      db.query<{ to_address: string | null; body_text: string | null }>(
        'SELECT to_address, body_text FROM email_outbox WHERE to_hash = $1',
        [recipientHash('viewer@example.com')],
      );
    expect(await stored()).toEqual([
      { to_address: 'Viewer@Example.com', body_text: 'http://x/?MagicCode=k' },
    ]);
    await expireOutbox(db, new Date(Date.now() + 899_000));
    expect((await stored())[0]!.body_text).not.toBeNull();
    await expireOutbox(db, new Date(Date.now() + 901_000));
    expect(await stored()).toEqual([{ to_address: null, body_text: null }]);
  });

  it('should send through SMTP and record the message as sent', async () => {
    const { port } = smtp.address() as AddressInfo;
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Companion <no-reply@companion.local>',
      env: 'test',
    });
    await mailer.send({ to: 'y@example.com', subject: 'Your sign-in link', text: 'Click here' });
    expect(received.join('')).toContain('Subject: Your sign-in link');
    const rows = await db.query<{ sent_at: Date | null }>(
      'SELECT sent_at FROM email_outbox WHERE to_hash = $1',
      [recipientHash('y@example.com')],
    );
    expect(rows[0]!.sent_at).toBeInstanceOf(Date);
  });

  it('should record and rethrow an SMTP failure', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const mailer = createMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'a@b.c',
      env: 'test',
    });
    await expect(mailer.send({ to: 'z@example.com', subject: 'S', text: 'T' })).rejects.toThrow();
    const rows = await db.query<{ error: string | null }>(
      'SELECT error FROM email_outbox WHERE to_hash = $1',
      [recipientHash('z@example.com')],
    );
    expect(rows[0]!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
