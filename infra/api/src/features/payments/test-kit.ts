// Test helpers for the payments suites (not a production path): an app with payments driven by hand.

import type { FastifyInstance } from 'fastify';
import type { PaymentNotification, RegistrationNotification } from '@companion/contracts';
import { CORE_FEATURES } from '../../app.ts';
import type { Config } from '../../config.ts';
import { bearer, createTestApp, preRegister, testClock } from '../../../test/harness.ts';
import { perSuite } from '../../../test/accounts-fixtures.ts';
import type { Backend, TestApp, TestSession } from '../../../test/harness.ts';
import { paymentsFeature } from './index.ts';
import type { PaymentsControl } from './index.ts';

/** One notification the fake hub received. */
export interface SentNotification {
  userId: string;
  event: 'PaymentNotification' | 'RegistrationNotification';
  payload: PaymentNotification | RegistrationNotification;
}

/** A test app with payments (no timers) and a recording hub. */
export interface PaymentsTestApp extends TestApp {
  control: PaymentsControl;
  sent: SentNotification[];
  clock: ReturnType<typeof testClock>;
  /** Makes the next N hub sends fail (a disconnected hub). */
  failSends(n: number): void;
}

/** Builds the app; `background: false` so each test decides when webhooks and the outbox run. */
export async function createPaymentsApp(
  backend: Backend,
  config: Partial<Config> = {},
): Promise<PaymentsTestApp> {
  const sent: SentNotification[] = [];
  let failing = 0;
  let control: PaymentsControl | undefined;
  const clock = testClock();
  const record =
    (event: SentNotification['event']) =>
    async (userId: string, payload: SentNotification['payload']): Promise<void> => {
      if (failing > 0) {
        failing -= 1;
        throw new Error('hub down');
      }
      sent.push({ userId, event, payload });
    };
  const t = await createTestApp(backend, {
    features: [
      ...CORE_FEATURES,
      paymentsFeature({
        background: false,
        notifier: {
          payment: record('PaymentNotification'),
          registration: record('RegistrationNotification'),
        },
        onReady: (c) => (control = c),
      }),
    ],
    config: { testFixtures: true, ...config },
    now: clock.now,
  });
  return {
    ...t,
    control: control!,
    sent,
    clock,
    failSends: (n) => (failing = n),
  };
}

/** `createPaymentsApp(backend, config)` for the enclosing suite (see `perSuite`). */
export function paymentsAppPerSuite(backend: Backend, config: Partial<Config> = {}): PaymentsTestApp {
  return perSuite(() => createPaymentsApp(backend, config));
}

/** The return URLs every creation call uses in tests. */
export const RETURN = { successUrl: '/pricing?paid=1', failUrl: '/pricing?failed=1' };

/** POST a creation call as `session`. */
export function createIntent(
  app: FastifyInstance,
  session: TestSession,
  body: Record<string, unknown>,
  options: { url?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: options.url ?? '/api/Payments/create-payment-intent',
    headers: { ...bearer(session.accessToken), ...options.headers },
    payload: { ...RETURN, ...body },
  });
}

/** Submits the hosted page (and the OTP when asked); returns the final redirect. */
export async function payOnPage(
  app: FastifyInstance,
  paymentUrl: string,
  card: { number: string; otp?: string | null; email?: string },
): Promise<{ location: string; statusCode: number }> {
  const form = new URLSearchParams({
    cardNumber: card.number,
    cardExpiryDate: '12/35',
    cardCvv: '123',
    cardHolder: 'Test Holder',
    ...(card.email ? { email: card.email } : {}),
  });
  const res = await app.inject({
    method: 'POST',
    url: paymentUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  let location = String(res.headers.location ?? '');
  if (res.statusCode === 303 && location.startsWith('/api/sandbox/3ds/') && card.otp !== null) {
    const otp = await app.inject({
      method: 'POST',
      url: location,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ otp: card.otp ?? '1234' }).toString(),
    });
    location = String(otp.headers.location ?? '');
    return { location, statusCode: otp.statusCode };
  }
  return { location, statusCode: res.statusCode };
}

/** A visitor who has bought `productId` with a success card (webhooks and outbox run). */
export async function buy(
  t: PaymentsTestApp,
  productId: string,
  session?: TestSession,
  number = '4067429974719265',
): Promise<{ session: TestSession; orderId: string }> {
  const s = session ?? (await preRegister(t.app));
  const res = await createIntent(t.app, s, { productId });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  const { orderId, paymentUrl } = res.json<{ orderId: string; paymentUrl: string }>();
  await payOnPage(t.app, paymentUrl, { number });
  await t.control.dispatchWebhooks();
  await t.control.relayOutbox();
  return { session: s, orderId };
}
