import type { EventSpec } from '@companion/contracts';
import { ReplaySubject, Subject } from 'rxjs';

/** An exhaustive behaviour table for an event map: one contract `EventSpec` row per event. */
export type BusSpecs<M, P extends string> = { readonly [K in keyof M]: EventSpec<P> };

/** Unsubscribe handle. */
export interface BusSubscription {
  unsubscribe(): void;
}

/** A bus view that publishes as one publisher. */
export interface EventBusView<M> {
  publish<K extends keyof M & string>(name: K, payload: M[K]): void;
  subscribe<K extends keyof M & string>(name: K, listener: (payload: M[K]) => void): BusSubscription;
  current<K extends keyof M & string>(name: K): M[K] | undefined;
}

/** The root bus, owned by the composition root. */
export interface EventBus<M, P extends string> extends EventBusView<M> {
  handle<K extends keyof M & string>(name: K, handler: (payload: M[K]) => void): BusSubscription;
  as(publisher: P): EventBusView<M>;
}

/** Thrown when code breaks the bus contract (wrong publisher, second handler, unknown event). */
export class BusContractError extends Error {
  override readonly name = 'BusContractError';
}

interface Channel {
  subject: Subject<unknown>;
  last: { value: unknown } | undefined;
  handler: ((payload: unknown) => void) | undefined;
  /** Intents only: the last payload published while no handler was registered, delivered on `handle()`. */
  pending: { value: unknown } | undefined;
}

/**
 * Creates the one bus instance. `rootPublisher` is the identity of the composition root (the shell);
 * `as(p)` hands each remote a view that may publish only what the table allows `p` to publish.
 */
export function createEventBus<M, P extends string>(
  specs: BusSpecs<M, P>,
  rootPublisher: P,
  onListenerError: (error: unknown, event: string) => void = (error, event) =>
    console.error(`[bus] listener of '${event}' threw`, error),
): EventBus<M, P> {
  const channels = new Map<string, Channel>();
  const spec = (name: string): EventSpec<P> => {
    const row = (specs as Record<string, EventSpec<P> | undefined>)[name];
    if (!row) throw new BusContractError(`unknown bus event '${name}'`);
    return row;
  };
  const channel = (name: string): Channel => {
    let found = channels.get(name);
    if (!found) {
      const replay = spec(name).replay === 'last';
      found = {
        subject: replay ? new ReplaySubject(1) : new Subject(),
        last: undefined,
        handler: undefined,
        pending: undefined,
      };
      channels.set(name, found);
    }
    return found;
  };

  const publishAs = (publisher: P, name: string, payload: unknown): void => {
    const row = spec(name);
    if (row.publishers !== 'any' && !row.publishers.includes(publisher)) {
      throw new BusContractError(`'${publisher}' may not publish '${name}'`);
    }
    const ch = channel(name);
    if (row.kind === 'intent') {
      // Before its handler registers (the shell's UI mounts after the session starts), the last request waits:
      // asking twice before anyone listens means the later one wins, as it would have a moment later.
      if (ch.handler) ch.handler(payload);
      else ch.pending = { value: payload };
      return;
    }
    if (row.replay === 'last') ch.last = { value: payload };
    ch.subject.next(payload);
  };

  const subscribe = (name: string, listener: (payload: unknown) => void): BusSubscription => {
    if (spec(name).kind === 'intent') {
      throw new BusContractError(`'${name}' is an intent: it has one handler, registered with handle()`);
    }
    const sub = channel(name).subject.subscribe((payload) => {
      try {
        listener(payload);
      } catch (error) {
        onListenerError(error, name);
      }
    });
    return { unsubscribe: () => sub.unsubscribe() };
  };

  const current = (name: string): unknown => channel(name).last?.value;

  const view = (publisher: P): EventBusView<M> =>
    ({
      publish: (name: string, payload: unknown) => publishAs(publisher, name, payload),
      subscribe,
      current,
    }) as EventBusView<M>;

  const root = view(rootPublisher);
  return {
    ...root,
    as: view,
    handle(name, handler) {
      const row = spec(name);
      if (row.kind !== 'intent') throw new BusContractError(`'${name}' is not an intent`);
      if (row.handler !== undefined && row.handler !== rootPublisher) {
        throw new BusContractError(`'${name}' is handled by '${row.handler}'`);
      }
      const ch = channel(name);
      if (ch.handler) throw new BusContractError(`intent '${name}' already has a handler`);
      const wrapped = (payload: unknown) => {
        try {
          handler(payload as never);
        } catch (error) {
          onListenerError(error, name);
        }
      };
      ch.handler = wrapped;
      const pending = ch.pending;
      ch.pending = undefined;
      if (pending) wrapped(pending.value);
      return {
        unsubscribe: () => {
          if (ch.handler === wrapped) ch.handler = undefined;
        },
      };
    },
  };
}
