// The JSON hub protocol (docs/research/signalr-protocol.md §3, §4): record framing and message shapes.

/** The record separator that ends every JSON hub protocol record. */
export const RS = '\x1e';

/** Message types of the JSON hub protocol. */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** A client → server message the server acts on; unknown types are dropped before this point. */
export type InboundMessage =
  | { type: 1 | 4; target: string; arguments: unknown[]; invocationId?: string; streamIds?: string[] }
  | { type: 5; invocationId: string }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean }
  | { type: 3; invocationId: string };

/** Raised for bytes that break the protocol; the connection is closed with its message. */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

/**
 * Splits incoming text into records, carrying a partial record across chunks.
 * `maxRecordBytes` bounds both complete records and the unfinished tail so a peer cannot grow memory.
 */
export class RecordSplitter {
  private tail = '';
  constructor(private readonly maxRecordBytes: number) {}

  push(chunk: string): string[] {
    const text = this.tail + chunk;
    const parts = text.split(RS);
    this.tail = parts.pop() ?? '';
    if (Buffer.byteLength(this.tail) > this.maxRecordBytes) {
      throw new ProtocolError(`Message exceeds the maximum size of ${this.maxRecordBytes} bytes.`);
    }
    for (const part of parts) {
      // Cheap check first: a string's UTF-8 length is at most 3× its UTF-16 length.
      if (part.length * 3 > this.maxRecordBytes && Buffer.byteLength(part) > this.maxRecordBytes) {
        throw new ProtocolError(`Message exceeds the maximum size of ${this.maxRecordBytes} bytes.`);
      }
    }
    return parts;
  }
}

/** Outcome of reading the handshake record. */
export type HandshakeResult = { ok: true } | { ok: false; error: string };

/**
 * Validates a handshake request record (docs/research/signalr-protocol.md §3): JSON protocol, version 1 or 2.
 */
export function readHandshake(record: string): HandshakeResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    return { ok: false, error: 'An unexpected error occurred during connection handshake.' };
  }
  if (!isObject(parsed) || typeof parsed.protocol !== 'string' || typeof parsed.version !== 'number') {
    return { ok: false, error: 'An unexpected error occurred during connection handshake.' };
  }
  if (parsed.protocol !== 'json')
    return { ok: false, error: `The protocol '${parsed.protocol}' is not supported.` };
  if (parsed.version > 2 || parsed.version < 0) {
    return {
      ok: false,
      error: `The server does not support version ${parsed.version} of the 'json' protocol.`,
    };
  }
  return { ok: true };
}

/**
 * Parses one record into a message the server handles, `null` for types it ignores
 * (the protocol tells receivers to skip unknown types), or throws ProtocolError.
 */
export function parseMessage(record: string): InboundMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    throw new ProtocolError('Error reading JSON.');
  }
  if (!isObject(parsed) || typeof parsed.type !== 'number')
    throw new ProtocolError("Missing required property 'type'.");
  switch (parsed.type) {
    case 1:
    case 4: {
      const { target, invocationId, streamIds } = parsed;
      const args = parsed.arguments;
      if (typeof target !== 'string' || target === '')
        throw new ProtocolError("Missing required property 'target'.");
      if (!Array.isArray(args)) throw new ProtocolError("Missing required property 'arguments'.");
      if (invocationId !== undefined && (typeof invocationId !== 'string' || invocationId === '')) {
        throw new ProtocolError("Invalid property 'invocationId'.");
      }
      if (parsed.type === 4 && invocationId === undefined)
        throw new ProtocolError("Missing required property 'invocationId'.");
      if (
        streamIds !== undefined &&
        !(Array.isArray(streamIds) && streamIds.every((s) => typeof s === 'string'))
      ) {
        throw new ProtocolError("Invalid property 'streamIds'.");
      }
      const message: InboundMessage = { type: parsed.type, target, arguments: args };
      if (invocationId !== undefined) message.invocationId = invocationId;
      if (streamIds !== undefined) message.streamIds = streamIds as string[];
      return message;
    }
    case 3:
    case 5: {
      if (typeof parsed.invocationId !== 'string' || parsed.invocationId === '') {
        throw new ProtocolError("Missing required property 'invocationId'.");
      }
      return { type: parsed.type, invocationId: parsed.invocationId };
    }
    case 6:
      return { type: 6 };
    case 7: {
      const message: InboundMessage = { type: 7 };
      if (typeof parsed.error === 'string') message.error = parsed.error;
      if (parsed.allowReconnect === true) message.allowReconnect = true;
      return message;
    }
    default:
      return null;
  }
}

// Writers: key order matches .NET (docs/research/signalr-protocol.md §9) so the test vectors hold
// byte for byte.

/** `{}`RS: handshake accepted. */
export const HANDSHAKE_OK = `{}${RS}`;
/** `{"type":6}`RS: keep-alive ping. */
export const PING = `{"type":6}${RS}`;

/** Handshake rejection record. */
export function handshakeError(error: string): string {
  return `${JSON.stringify({ error })}${RS}`;
}

/** Event sent to a client (non-blocking invocation: never carries an invocation id). */
export function invocation(target: string, args: unknown[]): string {
  return `${JSON.stringify({ type: 1, target, arguments: args })}${RS}`;
}

/** One stream item; `item` is always present (null allowed) or the client drops the connection. */
export function streamItem(invocationId: string, item: unknown): string {
  return `${JSON.stringify({ type: 2, invocationId, item: item === undefined ? null : item })}${RS}`;
}

/** Completion: with a result, an error, or void (streams never carry a result). */
export function completion(
  invocationId: string,
  outcome: { result: unknown } | { error: string } | null,
): string {
  if (outcome === null) return `${JSON.stringify({ type: 3, invocationId })}${RS}`;
  if ('error' in outcome)
    return `${JSON.stringify({ type: 3, invocationId, error: outcome.error || 'Error' })}${RS}`;
  return `${JSON.stringify({ type: 3, invocationId, result: outcome.result === undefined ? null : outcome.result })}${RS}`;
}

/** Close record; `allowReconnect` is written only when true, as .NET does. */
export function closeMessage(error?: string, allowReconnect = false): string {
  const body: { type: 7; error?: string; allowReconnect?: true } = { type: 7 };
  if (error !== undefined) body.error = error;
  if (allowReconnect) body.allowReconnect = true;
  return `${JSON.stringify(body)}${RS}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
