// The sandbox engine's types: order rows and statuses, the init request, the refusal error, the fault knobs,
// webhook delivery, the engine's options and its whole surface.

import type { Database } from '../../../db/database.ts';
import type { Envelope, WebhookKeys } from '../signatures.ts';

/** Sandbox order status, Solidgate's names (docs/research/payments.md §1.2). */
export type SandboxStatus = 'created' | 'processing' | '3ds_verify' | 'approved' | 'declined';

/** A `sandbox_orders` row. */
export interface SandboxOrderRow {
  id: string;
  merchant_order_id: string;
  envelope: Envelope;
  amount: number;
  currency: string;
  description: string | null;
  status: SandboxStatus;
  decline_code: string | null;
  payment_type: string;
  ask_email: boolean;
  payer_email: string | null;
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  pending_outcome: string | null;
  refunded_at: Date | null;
  /** A slow-bank order settles with `pending_outcome` at this time (test card `settlesAfterSeconds`). */
  settles_at: Date | null;
  success_url: string;
  fail_url: string;
  callback_url: string;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** What the merchant sends to open a hosted page (Solidgate `POST /init`). */
export interface InitRequest {
  envelope: Envelope;
  merchantOrderId: string;
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  failUrl: string;
  callbackUrl: string;
  /** Anonymous visitors give an e-mail on the page (it registers them, 001 §7 registrationNotificationHub). */
  askEmail: boolean;
}

/** Thrown by the engine for a refused API call; `code` is a decline or error code (5.06 duplicate order). */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

/** Test-only knobs (docs/research/payments.md §6 fault injection). */
export interface SandboxFaults {
  /** The next N `/init` calls create the order and then answer 500. */
  failInitsAfterCreate: number;
  /** Webhooks are queued but not sent until released (a delayed webhook). */
  holdWebhooks: boolean;
}

/** Delivers one webhook; resolves to the HTTP status (a throw counts as a failed attempt). */
export type WebhookDeliver = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

/** Inputs of {@link createSandboxEngine}. */
export interface SandboxEngineOptions {
  db: Database;
  keys: Record<Envelope, WebhookKeys>;
  now: () => Date;
  deliver: WebhookDeliver;
  /** Path or URL prefix of the hosted pages, e.g. `/api/sandbox`. */
  pageBase: string;
  /** Deliveries stop after this many attempts. */
  maxAttempts?: number;
  /** Send webhooks right after a status change (tests turn it off and call `dispatch()` themselves). */
  autoDispatch?: boolean;
}

/** The sandbox provider's whole surface. */
export interface SandboxEngine {
  faults: SandboxFaults;
  init(request: InitRequest): Promise<{ providerOrderId: string; url: string; expiresAt: Date }>;
  find(id: string): Promise<SandboxOrderRow | null>;
  status(envelope: Envelope, merchantOrderId: string): Promise<SandboxOrderRow | null>;
  /** Card submitted on the hosted page; returns where the browser goes next. */
  submitCard(
    id: string,
    card: { number: string; expiry: { month: number; year: number }; email: string | null },
  ): Promise<{ redirect: string }>;
  /** OTP submitted on the 3-D Secure page. */
  submitOtp(id: string, otp: string): Promise<{ redirect: string }>;
  /** Merchant-initiated or one-click charge of a saved card token (Solidgate `POST /recurring`). */
  charge(
    request: Omit<InitRequest, 'successUrl' | 'failUrl' | 'askEmail'> & {
      token: string;
      paymentType: string;
    },
  ): Promise<SandboxOrderRow>;
  /** The webhook for an order as it stands now (headers + exact body), for tests that replay or forge. */
  webhookFor(
    order: SandboxOrderRow,
    eventId?: string,
  ): { headers: Record<string, string>; body: string; eventId: string };
  /** Sends due webhooks once; returns how many were delivered. */
  dispatch(): Promise<number>;
  /** Orders still waiting on the hosted page past their expiry become declined 0.02. */
  expireStale(): Promise<number>;
  /** Refunds an approved order in full, once (a second call changes nothing); false when nothing was charged. */
  refund(id: string): Promise<boolean>;
  /** Slow-bank orders whose settle time has come take their outcome (and queue its webhook); returns how many. */
  settleDue(): Promise<number>;
}
