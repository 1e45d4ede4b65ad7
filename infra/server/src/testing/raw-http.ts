import { connect } from 'node:net';
import type { Socket } from 'node:net';

/** One parsed HTTP/1.1 response read off a raw socket. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A raw keep-alive connection: tests write exact bytes (oversize bodies, huge headers) and read responses one by
 * one, so they can tell whether the same socket still serves a next request.
 */
export class RawConnection {
  private buffer = Buffer.alloc(0);
  private ended = false;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** True once the server closed its side. */
  get closed(): boolean {
    return this.ended;
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** Reads the next response (Content-Length or chunked body); rejects after `timeoutMs`. */
  async read(timeoutMs = 5000): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.tryParse();
      if (parsed) return parsed;
      if (this.ended) throw new Error('connection closed before a full response');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a response');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }

  private tryParse(): RawResponse | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(statusLine?.split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    let rest = this.buffer.subarray(end + 4);
    let body: Buffer;
    if (headers['transfer-encoding']?.includes('chunked')) {
      const parts: Buffer[] = [];
      let offset = 0;
      for (;;) {
        const lineEnd = rest.indexOf('\r\n', offset);
        if (lineEnd < 0) return null;
        const size = parseInt(rest.subarray(offset, lineEnd).toString('latin1'), 16);
        if (rest.length < lineEnd + 2 + size + 2) return null;
        parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
        offset = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(parts);
      rest = rest.subarray(offset);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < length) return null;
      body = rest.subarray(0, length);
      rest = rest.subarray(length);
    }
    this.buffer = rest;
    return { status, headers, body: body.toString('utf8') };
  }
}
