import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody, ApiErrorCode } from '@companion/contracts';

/** The JSON body of every error response. */
export interface ErrorBody {
  error: ApiErrorBody['error'];
}

/** An error that maps to one HTTP status and a stable `code`; throw it from any handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly field?: string,
    /** Sent as `Retry-After` (429 and 503 budgets). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  /** A 402's price: the tokens the refused action costs (`error.required`, read by the client's one 402 rule). */
  tokensRequired?: number;
}

/** 400 for a body or query value that fails validation; `field` is the dotted path. */
export function badRequest(
  message: string,
  field?: string,
  code: ApiErrorCode = 'invalid_request',
): HttpError {
  return new HttpError(400, code, message, field);
}

/** 401: missing, expired or invalid credentials. */
export function unauthorized(
  message = 'Authentication required.',
  code: ApiErrorCode = 'unauthorized',
): HttpError {
  return new HttpError(401, code, message);
}

/** 403: authenticated, but the resource belongs to someone else. */
export function forbidden(
  message = 'You do not have access to this resource.',
  code: ApiErrorCode = 'forbidden',
): HttpError {
  return new HttpError(403, code, message);
}

/** 404 for a missing resource. */
export function notFound(message = 'Not found.', code: ApiErrorCode = 'not_found'): HttpError {
  return new HttpError(404, code, message);
}

/** 409 for a state conflict (already claimed, already exists, reused token). */
export function conflict(message: string, code: ApiErrorCode = 'conflict', field?: string): HttpError {
  return new HttpError(409, code, message, field);
}

/** 410: the account was soft-deleted; the client pre-registers again. */
export function gone(
  message = 'This account has been deleted.',
  code: ApiErrorCode = 'account_deleted',
): HttpError {
  return new HttpError(410, code, message);
}

/** Turns a zod error into the first issue's message and dotted field path. */
export function fromZodError(error: ZodError, prefix?: string): HttpError {
  const issue = error.issues[0];
  const pathText = issue ? issue.path.map(String).join('.') : '';
  // An empty path is the value itself (a body that is a number, an array, null): name it `body`.
  const field = [prefix, pathText].filter(Boolean).join('.') || 'body';
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid request.';
  return badRequest(message, field, 'validation_failed');
}

// Fastify's own errors that mean "the client sent something wrong", by code.
// Each names its field: the whole body, or the header that was wrong.
const FASTIFY_CODES: Record<string, { status: number; code: ApiErrorCode; message: string; field: string }> =
  {
    FST_ERR_CTP_BODY_TOO_LARGE: {
      status: 413,
      code: 'payload_too_large',
      message: 'Request body is too large.',
      field: 'body',
    },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      status: 415,
      code: 'unsupported_media_type',
      message: 'Unsupported content type.',
      field: 'content-type',
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      status: 400,
      code: 'invalid_json',
      message: 'Body is empty but content-type is JSON.',
      field: 'body',
    },
    FST_ERR_CTP_INVALID_JSON_BODY: {
      status: 400,
      code: 'invalid_json',
      message: 'Body is not valid JSON.',
      field: 'body',
    },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
      status: 400,
      code: 'invalid_request',
      message: 'Invalid content length.',
      field: 'content-length',
    },
  };

/**
 * Fastify `frameworkErrors`: a malformed percent-encoding in the path (400) or an over-long path parameter (414)
 * answers the platform's JSON error. Neither echoes the URL back (it may be megabytes, or a reflected payload).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body: ErrorBody = {
    error: tooLong
      ? { code: 'uri_too_long', message: 'A path segment is too long.', field: 'path' }
      : {
          code: 'invalid_url',
          message: 'The path is not a valid URL (bad percent-encoding).',
          field: 'path',
        },
  };
  void reply
    .status(tooLong ? 414 : 400)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Installs the central error and 404 handlers: every failure leaves as `{ error: { code, message, field? } }`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    let mapped: HttpError;
    if (error instanceof HttpError) mapped = error;
    else if (error instanceof ZodError) mapped = fromZodError(error);
    else if ('code' in error && typeof error.code === 'string' && FASTIFY_CODES[error.code]) {
      const known = FASTIFY_CODES[error.code]!;
      mapped = new HttpError(known.status, known.code, known.message, known.field);
    } else if ('code' in error && error.code === '23505') {
      // A unique index lost a race (two sign-ups with one email): a conflict, not a server fault.
      mapped = new HttpError(409, 'already_exists', 'This already exists; reload and try again.');
    } else if (error instanceof SyntaxError && 'statusCode' in error && error.statusCode === 400) {
      mapped = new HttpError(400, 'invalid_json', 'Body is not valid JSON.', 'body');
    } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500) {
      // Other Fastify 4xx (e.g. rate limit, malformed URL): keep the status, hide internals.
      mapped = new HttpError(
        error.statusCode,
        error.statusCode === 429 ? 'rate_limited' : 'invalid_request',
        error.message,
      );
    } else {
      request.log.error({ err: error }, 'unhandled error');
      mapped = new HttpError(500, 'internal_error', 'Something went wrong.');
    }
    const body: ErrorBody = { error: { code: mapped.code, message: mapped.message } };
    if (mapped.field) body.error.field = mapped.field;
    if (mapped.tokensRequired !== undefined) body.error.required = mapped.tokensRequired;
    if (mapped.retryAfterSeconds !== undefined) reply.header('retry-after', String(mapped.retryAfterSeconds));
    void reply.status(mapped.status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      error: {
        code: 'not_found',
        message: `No route for ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}.`,
      },
    };
    void reply.status(404).send(body);
  });
}
