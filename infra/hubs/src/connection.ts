// One hub connection: protocol state machine independent of the transport that carries it.

import {
  HANDSHAKE_OK,
  PING,
  ProtocolError,
  RecordSplitter,
  closeMessage,
  completion,
  handshakeError,
  parseMessage,
  readHandshake,
  streamItem,
} from './protocol.ts';
import type { InboundMessage } from './protocol.ts';
import { HubError } from './types.ts';
import type { HubCallContext, HubDefinition } from './types.ts';
import {
  RATE_LIMITED_ERROR,
  SERVER_BUSY_ERROR,
  TOO_MANY_STREAMS_ERROR,
  TokenBucket,
} from './flood-limits.ts';
import type { FloodLimits } from './flood-limits.ts';

/** The transport side a connection writes to. */
export interface TransportSink {
  kind: 'WebSockets' | 'LongPolling';
  write(record: string): void;
  /** Bytes waiting to be flushed; streams pause while it is high. */
  buffered(): number;
  /** Ends the transport after the final records were written. */
  end(): void;
}

/** Settings the connection needs from its server. */
export interface ConnectionSettings {
  maxMessageBytes: number;
  streamHighWaterBytes: number;
  limits: FloodLimits;
  /** The user's bucket across their connections on this instance; false when the user is over their limit. */
  admitUserInvocation(connection: HubConnection): boolean;
  /** The instance's bucket across every connection (anonymous users are many users); false when over it. */
  admitGlobalInvocation(): boolean;
  /** The connection is being closed for flooding: its user may not connect again for a while. */
  onFlooded(connection: HubConnection): void;
  onError(error: unknown, where: string): void;
  onOpen(connection: HubConnection): void;
  onClosed(connection: HubConnection): void;
}

type State = 'negotiated' | 'handshaking' | 'open' | 'closed';

/** A negotiated connection; becomes live once a transport attaches and the handshake succeeds. */
export class HubConnection {
  state: State = 'negotiated';
  sink: TransportSink | null = null;
  readonly createdAt = Date.now();
  lastSentAt = Date.now();
  lastReceivedAt = Date.now();
  /** The client timeout only runs after the first client ping, as in .NET. */
  clientPinged = false;
  /** True once the handshake succeeded (the server counted it as one of its user's connections). */
  wasOpened = false;
  private readonly splitter: RecordSplitter;
  private readonly decoder = new TextDecoder();
  private readonly streams = new Map<string, AbortController>();
  private readonly aborted = new AbortController();
  /** Non-streaming invocations run one at a time per connection (.NET MaximumParallelInvocationsPerClient = 1). */
  private invocationChain: Promise<void> = Promise.resolve();
  private readonly methods: Map<string, NonNullable<HubDefinition['methods']>[string]>;
  private readonly streamMethods: Map<string, NonNullable<HubDefinition['streams']>[string]>;
  private readonly invocations: TokenBucket;
  private readonly records: TokenBucket;
  private refusals = 0;

  constructor(
    readonly hubName: string,
    readonly hub: HubDefinition,
    readonly connectionId: string,
    readonly token: string,
    readonly userId: string,
    private readonly settings: ConnectionSettings,
  ) {
    this.splitter = new RecordSplitter(settings.maxMessageBytes);
    this.methods = lowerKeys(hub.methods);
    this.streamMethods = lowerKeys(hub.streams);
    this.invocations = new TokenBucket(settings.limits.invocationBurst, settings.limits.invocationsPerSecond);
    this.records = new TokenBucket(settings.limits.recordBurst, settings.limits.recordsPerSecond);
  }

  attach(sink: TransportSink): void {
    this.sink = sink;
    this.state = 'handshaking';
    this.lastReceivedAt = Date.now();
  }

  /** Feeds bytes or text from the transport. Never throws: protocol errors close the connection. */
  receive(data: Buffer | string): void {
    if (this.state === 'closed') return;
    this.lastReceivedAt = Date.now();
    let records: string[];
    try {
      const text = typeof data === 'string' ? data : this.decoder.decode(data, { stream: true });
      records = this.splitter.push(text);
    } catch (error) {
      this.closeWithError(error);
      return;
    }
    for (const record of records) {
      if (this.isClosed()) return;
      if (this.state === 'handshaking') {
        this.handshake(record);
        continue;
      }
      if (!this.records.take()) {
        // A flood of any record kind costs parsing for everyone on this process: end it.
        this.settings.onFlooded(this);
        this.close('Connection closed with an error. Too many messages.');
        return;
      }
      let message: InboundMessage | null;
      try {
        message = parseMessage(record);
      } catch (error) {
        this.closeWithError(error);
        return;
      }
      if (message !== null) this.dispatch(message);
    }
  }

  isClosed(): boolean {
    return this.state === 'closed';
  }

  write(record: string): void {
    if (this.sink === null || this.state === 'closed') return;
    this.lastSentAt = Date.now();
    this.sink.write(record);
  }

  ping(): void {
    this.write(PING);
  }

  /** Sends a Close record (when open) and ends the transport. Idempotent. */
  close(error?: string, allowReconnect = false): void {
    if (this.state === 'closed') return;
    const wasOpen = this.state === 'open';
    if (this.sink !== null && (wasOpen || error !== undefined))
      this.sink.write(closeMessage(error, allowReconnect));
    this.state = 'closed';
    this.aborted.abort();
    for (const controller of this.streams.values()) controller.abort();
    this.streams.clear();
    this.sink?.end();
    this.settings.onClosed(this);
    if (wasOpen && this.hub.onDisconnected) {
      Promise.resolve()
        .then(() => this.hub.onDisconnected?.(this.publicContext()))
        .catch((e: unknown) => this.settings.onError(e, `${this.hubName}.onDisconnected`));
    }
  }

  /** Handshake timeout: the client only understands a handshake response at this point. */
  cancelHandshake(): void {
    if (this.state !== 'handshaking') return;
    this.sink?.write(handshakeError('Handshake was canceled.'));
    this.close();
  }

  /** Ends the connection because the transport went away: nothing more can be written. */
  transportClosed(): void {
    if (this.state === 'closed') return;
    this.sink = null;
    this.close();
  }

  private closeWithError(error: unknown): void {
    const detail = error instanceof ProtocolError ? ` ${error.message}` : '';
    if (!(error instanceof ProtocolError)) this.settings.onError(error, `${this.hubName} receive`);
    if (this.state === 'handshaking') {
      // Before the handshake the client only understands a handshake response.
      this.sink?.write(handshakeError('Handshake was canceled.'));
      this.close();
      return;
    }
    this.close(`Connection closed with an error.${detail}`);
  }

  private handshake(record: string): void {
    const result = readHandshake(record);
    if (!result.ok) {
      this.sink?.write(handshakeError(result.error));
      this.close();
      return;
    }
    this.write(HANDSHAKE_OK);
    this.state = 'open';
    this.wasOpened = true;
    this.settings.onOpen(this);
    if (this.hub.onConnected) {
      Promise.resolve()
        .then(() => this.hub.onConnected?.(this.publicContext()))
        .catch((e: unknown) => {
          this.settings.onError(e, `${this.hubName}.onConnected`);
          this.close('Connection closed with an error.');
        });
    }
  }

  private dispatch(message: InboundMessage): void {
    switch (message.type) {
      case 6:
        this.clientPinged = true;
        return;
      case 7:
        this.close();
        return;
      case 5:
        // A cancel for an unknown id is ignored (HubProtocol.md).
        this.streams.get(message.invocationId)?.abort();
        return;
      case 3:
        // Client results are not used by this server; a stray completion is harmless.
        return;
      case 1:
      case 4:
        this.invoke(message);
        return;
    }
  }

  private invoke(message: Extract<InboundMessage, { type: 1 | 4 }>): void {
    const { target, invocationId } = message;
    const key = target.toLowerCase();
    const method = this.methods.get(key);
    const streamMethod = this.streamMethods.get(key);
    if (!this.admit(invocationId)) return;
    if (method === undefined && streamMethod === undefined) {
      // An error completion, as .NET answers: the connection (and the caller's other streams) stays up.
      if (invocationId !== undefined)
        this.write(completion(invocationId, { error: `Unknown hub method '${target.slice(0, 100)}'` }));
      return;
    }
    if (message.streamIds !== undefined && message.streamIds.length > 0) {
      if (invocationId !== undefined)
        this.write(completion(invocationId, { error: 'Client-to-server streaming is not supported.' }));
      return;
    }
    if (message.type === 1) {
      if (method === undefined) {
        if (invocationId !== undefined) {
          this.write(
            completion(invocationId, {
              error: `The client attempted to invoke the streaming '${target}' method with a non-streaming invocation.`,
            }),
          );
        }
        return;
      }
      this.invocationChain = this.invocationChain.then(() =>
        this.runMethod(method, target, message.arguments, invocationId),
      );
      return;
    }
    // A stream invocation always carries an id (checked by the parser).
    const id = invocationId as string;
    if (streamMethod === undefined) {
      this.write(
        completion(id, {
          error: `The client attempted to invoke the non-streaming '${target}' method with a streaming invocation.`,
        }),
      );
      return;
    }
    if (this.streams.has(id)) {
      this.write(completion(id, { error: `Invocation ID '${id}' is already in use.` }));
      return;
    }
    if (this.streams.size >= this.settings.limits.maxStreams) {
      this.write(completion(id, { error: TOO_MANY_STREAMS_ERROR }));
      return;
    }
    const controller = new AbortController();
    this.streams.set(id, controller);
    void this.runStream(streamMethod, target, message.arguments, id, controller);
  }

  /**
   * Per-connection and per-user invocation limits: over either, the invocation gets an error completion (nothing
   * runs); a connection that keeps going after `maxRefusals` refusals is closed.
   */
  private admit(invocationId: string | undefined): boolean {
    if (this.invocations.take() && this.settings.admitUserInvocation(this)) {
      this.refusals = 0;
      // Within its own budgets but the instance is over its shared one: refused, without counting against this
      // connection (it did nothing wrong; twenty anonymous floods did).
      if (this.settings.admitGlobalInvocation()) return true;
      if (invocationId !== undefined) this.write(completion(invocationId, { error: SERVER_BUSY_ERROR }));
      return false;
    }
    this.refusals += 1;
    if (this.refusals > this.settings.limits.maxRefusals) {
      this.settings.onFlooded(this);
      this.close('Connection closed with an error. Too many invocations.');
      return false;
    }
    if (invocationId !== undefined) this.write(completion(invocationId, { error: RATE_LIMITED_ERROR }));
    return false;
  }

  private async runMethod(
    method: NonNullable<HubDefinition['methods']>[string],
    target: string,
    args: unknown[],
    invocationId: string | undefined,
  ): Promise<void> {
    try {
      const result = await method(this.callContext(this.aborted.signal), ...args);
      if (invocationId !== undefined)
        this.write(completion(invocationId, result === undefined ? null : { result }));
    } catch (error) {
      if (invocationId !== undefined)
        this.write(completion(invocationId, { error: this.errorText(error, target) }));
    }
  }

  private async runStream(
    method: NonNullable<HubDefinition['streams']>[string],
    target: string,
    args: unknown[],
    invocationId: string,
    controller: AbortController,
  ): Promise<void> {
    const signal = AbortSignal.any([controller.signal, this.aborted.signal]);
    let error: string | undefined;
    let iterator: AsyncIterator<unknown> | undefined;
    // Racing each step against the abort sends the final Completion at once on cancel,
    // even while the producer is waiting for its next item.
    const stopped = new Promise<'stopped'>((resolve) =>
      signal.addEventListener('abort', () => resolve('stopped'), { once: true }),
    );
    try {
      iterator = method(this.callContext(signal), ...args)[Symbol.asyncIterator]();
      for (;;) {
        const step = await Promise.race([iterator.next(), stopped]);
        if (step === 'stopped' || step.done) break;
        this.write(streamItem(invocationId, step.value));
        await this.waitForRoom(signal);
      }
    } catch (e) {
      // A cancel from the client ends the stream without an error (.NET StreamAsync).
      if (!controller.signal.aborted) error = this.errorText(e, target);
    } finally {
      this.streams.delete(invocationId);
      this.write(completion(invocationId, error === undefined ? null : { error }));
      if (signal.aborted && iterator?.return) {
        // Let the producer run its cleanup; it may be parked on an await, so do not wait for it.
        iterator
          .return()
          .catch((e: unknown) => this.settings.onError(e, `${this.hubName}.${target} cleanup`));
      }
    }
  }

  /** Backpressure: do not produce faster than the socket drains (docs/research/signalr-protocol.md §6). */
  private async waitForRoom(signal: AbortSignal): Promise<void> {
    while (
      this.sink !== null &&
      this.sink.buffered() > this.settings.streamHighWaterBytes &&
      !signal.aborted
    ) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  private errorText(error: unknown, target: string): string {
    if (error instanceof HubError) return error.message || 'Error';
    this.settings.onError(error, `${this.hubName}.${target}`);
    return `An unexpected error occurred invoking '${target}' on the server.`;
  }

  private callContext(signal: AbortSignal): HubCallContext {
    return { ...this.publicContext(), signal, connectionSignal: this.aborted.signal };
  }

  private publicContext(): Omit<HubCallContext, 'signal' | 'connectionSignal'> {
    return { hub: this.hubName, connectionId: this.connectionId, userId: this.userId };
  }
}

function lowerKeys<T>(record: Record<string, T> | undefined): Map<string, T> {
  return new Map(Object.entries(record ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
}
