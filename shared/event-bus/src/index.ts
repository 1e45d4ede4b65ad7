export { BusContractError, createEventBus } from './event-bus.ts';
export type { BusSpecs, BusSubscription, EventBus, EventBusView } from './event-bus.ts';
export { createAppBus } from './app-bus.ts';
