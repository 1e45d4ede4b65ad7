// Type tests: checked by `tsc -b` (the typecheck step), not at run time.
import type { BusEventMap, RemoteBus, ShellBus } from '@companion/contracts';
import { expectTypeOf } from 'vitest';
import { createAppBus } from './app-bus.ts';

const bus = createAppBus();
expectTypeOf(bus).toExtend<ShellBus>();
expectTypeOf(bus.as('chat')).toExtend<RemoteBus>();

bus.publish('theme:changed', { mode: 'dark' });
// @ts-expect-error: payload must match the event's type
bus.publish('theme:changed', { mode: 'blue' });
// @ts-expect-error: unknown event names are rejected
bus.publish('theme:exploded', {});
// @ts-expect-error: 'marketing' is not a publisher
bus.as('marketing');

bus.subscribe('tokens:balance-changed', (payload) => {
  expectTypeOf(payload).toEqualTypeOf<BusEventMap['tokens:balance-changed']>();
});
expectTypeOf(bus.current('user:changed')).toEqualTypeOf<BusEventMap['user:changed'] | undefined>();
