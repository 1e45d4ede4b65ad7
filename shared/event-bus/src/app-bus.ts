import { BUS_EVENTS, type BusEventMap, type Publisher, type ShellBus } from '@companion/contracts';
import { createEventBus } from './event-bus.ts';

/** The application's bus over the contract's event table; the shell creates exactly one. */
export function createAppBus(onListenerError?: (error: unknown, event: string) => void): ShellBus {
  return createEventBus<BusEventMap, Publisher>(BUS_EVENTS, 'shell', onListenerError);
}
