// paymentNotificationHub and registrationNotificationHub: server-to-client events addressed per user.

import type { PaymentNotification, RegistrationNotification } from '@companion/contracts';
import type { HubDefinition, HubServer } from '@companion/hubs';

/** Hub names as the client connects to them (`/hubs/<name>`). */
export const HUB_NAMES = {
  payment: 'paymentNotificationHub',
  registration: 'registrationNotificationHub',
  chat: 'chatHub',
} as const;

/** Event-only hubs: clients listen, they invoke nothing. */
export const paymentNotificationHub: HubDefinition = {};
/** See {@link paymentNotificationHub}. */
export const registrationNotificationHub: HubDefinition = {};

/** How API code tells a user's tabs and devices about payments and registrations. */
export interface HubNotifier {
  /** `PaymentNotification` (001 §3) to every connection of the user, on every instance. */
  payment(userId: string, notification: PaymentNotification): Promise<void>;
  /** `RegistrationNotification` (001 §3): addressed to the visitor (anonymous) user id the client connected with. */
  registration(userId: string, notification: RegistrationNotification): Promise<void>;
}

/** Binds the notifier to a hub server. */
export function createHubNotifier(server: Pick<HubServer, 'sendToUser'>): HubNotifier {
  return {
    payment: (userId, notification) =>
      server.sendToUser(HUB_NAMES.payment, userId, 'PaymentNotification', notification),
    registration: (userId, notification) =>
      server.sendToUser(HUB_NAMES.registration, userId, 'RegistrationNotification', notification),
  };
}

/** A notifier bound after the hubs attach (they need the built app); until then every send throws, so the
 * payments outbox keeps its rows and retries. */
export interface NotifierPort extends HubNotifier {
  bind(notifier: HubNotifier): void;
}

/** An unbound {@link NotifierPort}. */
export function createNotifierPort(): NotifierPort {
  let target: HubNotifier | null = null;
  const current = () => {
    if (!target) throw new Error('hub notifier not bound yet');
    return target;
  };
  return {
    bind: (notifier) => {
      target = notifier;
    },
    payment: (userId, notification) => current().payment(userId, notification),
    registration: (userId, notification) => current().registration(userId, notification),
  };
}
