import type {
  ApiErrorBody,
  ApiErrorCode,
  InsufficientTokensRequest,
  RemoteBus,
  TransportErrorShape,
} from '@companion/contracts';

/** What a failed transport call tells a remote: HTTP status and the API's stable error code, when there are. */
export interface ApiError {
  status: number | null;
  /** `error.code` of the API's JSON error body (`{ error: { code, message, field? } }`). */
  code: ApiErrorCode | null;
  /** `error.field` when the API named the input that was wrong. */
  field: string | null;
  /** `error.message`: the API's sentence for a person, when it sent one. */
  message: string | null;
  /** A 402's `error.required`: the tokens the refused action costs. */
  required: number | null;
  kind: TransportErrorShape['kind'] | 'unknown';
}

/** Reads any rejection of `transport.request` (or anything else thrown) as an {@link ApiError}. */
export function apiError(caught: unknown): ApiError {
  const failure = (caught ?? {}) as Partial<TransportErrorShape>;
  const body = failure.body as { error?: Partial<Record<keyof ApiErrorBody['error'], unknown>> } | undefined;
  return {
    status: typeof failure.status === 'number' ? failure.status : null,
    code: typeof body?.error?.code === 'string' ? (body.error.code as ApiErrorCode) : null,
    field: typeof body?.error?.field === 'string' ? body.error.field : null,
    message: typeof body?.error?.message === 'string' ? body.error.message : null,
    required: typeof body?.error?.required === 'number' ? body.error.required : null,
    kind: failure.kind ?? 'unknown',
  };
}

/** What a paid action spends tokens on, and its price when the remote knows it. */
export interface Spend {
  request: InsufficientTokensRequest;
  /** The price shown to the user; without it, the API's `error.required`. */
  needed?: number | null;
}

/**
 * The one answer to a short balance (000 §6, 001 §2 "Insufficient tokens popup"): the shell opens checkout's
 * insufficient-tokens offer for what was being bought and its price. Every paid action, HTTP or hub, goes here.
 */
export function askForTokens(bus: RemoteBus, source: string, spend: Spend, required: number | null = null) {
  bus.publish('tokens:insufficient-requested', {
    request: spend.request,
    needed: spend.needed ?? required ?? 1,
    source,
  });
}

/**
 * The spend-error pattern every paid action shares (000 §6): 401 asks the shell to sign in, 402 (not enough
 * tokens) asks for tokens ({@link askForTokens}). Returns true when it handled the error, false when the caller
 * must.
 */
export function handleSpendError(caught: unknown, bus: RemoteBus, source: string, spend: Spend): boolean {
  const { status, required } = apiError(caught);
  if (status === 402) {
    askForTokens(bus, source, spend, required);
    return true;
  }
  if (status === 401) {
    bus.publish('auth:login-requested', { mode: 'login', source });
    return true;
  }
  return false;
}
