import type { ApiErrorCode, RemoteBus, TransportErrorShape } from '@companion/contracts';

/** What a failed transport call tells a remote: HTTP status and the API's stable error code, when there are. */
export interface ApiError {
  status: number | null;
  /** `error.code` of the API's JSON error body (`{ error: { code, message, field? } }`). */
  code: ApiErrorCode | null;
  /** `error.field` when the API named the input that was wrong. */
  field: string | null;
  /** `error.message`: the API's sentence for a person, when it sent one. */
  message: string | null;
  kind: TransportErrorShape['kind'] | 'unknown';
}

/** Reads any rejection of `transport.request` (or anything else thrown) as an {@link ApiError}. */
export function apiError(caught: unknown): ApiError {
  const failure = (caught ?? {}) as Partial<TransportErrorShape>;
  const body = failure.body as { error?: { code?: unknown; field?: unknown; message?: unknown } } | undefined;
  return {
    status: typeof failure.status === 'number' ? failure.status : null,
    code: typeof body?.error?.code === 'string' ? (body.error.code as ApiErrorCode) : null,
    field: typeof body?.error?.field === 'string' ? body.error.field : null,
    message: typeof body?.error?.message === 'string' ? body.error.message : null,
    kind: failure.kind ?? 'unknown',
  };
}

/**
 * The spend-error pattern every paid action shares (000 §6): 401 asks the shell to sign in, 402 (not enough
 * tokens) opens the tokens paywall. Returns true when it handled the error, false when the caller must.
 */
export function handleSpendError(caught: unknown, bus: RemoteBus, source: string): boolean {
  const { status } = apiError(caught);
  if (status === 402) {
    bus.publish('paywall:open-requested', { paywallType: 'tokens', source });
    return true;
  }
  if (status === 401) {
    bus.publish('auth:login-requested', { mode: 'login', source });
    return true;
  }
  return false;
}
