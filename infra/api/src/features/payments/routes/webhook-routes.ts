// Provider webhooks: raw bytes, the signature verified before anything is parsed, then the one fulfilment path.
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../../http/errors.ts';
import type { ErrorBody } from '../../../http/errors.ts';
import { parseProviderEvent } from '../events.ts';
import type { ProviderEvent } from '../events.ts';
import type { ApplyOutcome } from '../fulfilment.ts';
import type { PaymentProvider } from '../provider.ts';
import type { Envelope } from '../signatures.ts';

export const ENVELOPES: readonly Envelope[] = ['solidgate', 'yuno', 'paypal'];

export async function registerWebhookRoutes(
  app: FastifyInstance,
  providers: Record<Envelope, PaymentProvider>,
  apply: (event: ProviderEvent) => Promise<ApplyOutcome>,
) {
  await app.register(async (scope: FastifyInstance) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/payments/webhooks/:provider', async (request, reply) => {
      const provider = (request.params as { provider: string }).provider as Envelope;
      if (!ENVELOPES.includes(provider)) throw notFound('No such provider.', 'unknown_provider');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!(await providers[provider].verifyWebhook(raw, request.headers))) {
        request.log.warn({ provider, ip: request.ip }, 'payments: webhook signature rejected');
        return reply
          .status(401)
          .send({ error: { code: 'invalid_signature', message: 'Signature mismatch.' } } satisfies ErrorBody);
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('Body is not valid JSON.', undefined, 'invalid_json');
      }
      const eventHeader = request.headers['solidgate-event-id'];
      const event = parseProviderEvent(provider, json, typeof eventHeader === 'string' ? eventHeader : null);
      // Signed but not an order event we act on: acknowledged, so the provider stops retrying.
      if (!event) return { received: true, outcome: 'ignored' };
      return { received: true, outcome: await apply(event) };
    });
  });
}
