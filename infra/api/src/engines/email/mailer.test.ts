import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/harness.ts';
import type { Database } from '../../db/database.ts';
import { createMailer, createOutboxMailer } from './mailer.ts';

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
    const rows = await db.query<{ to_address: string; sent_at: Date | null }>(
      "SELECT to_address, sent_at FROM email_outbox WHERE to_address = 'x@example.com'",
    );
    expect(rows).toEqual([{ to_address: 'x@example.com', sent_at: null }]);
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
      "SELECT sent_at FROM email_outbox WHERE to_address = 'y@example.com'",
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
      "SELECT error FROM email_outbox WHERE to_address = 'z@example.com'",
    );
    expect(rows[0]!.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
