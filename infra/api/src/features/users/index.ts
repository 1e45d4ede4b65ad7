import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { User } from '@companion/contracts';
import { toWireUser, userFeatures } from '../../db/accounts.ts';
import type { UserRow } from '../../db/accounts.ts';
import { authenticateWithRow, currentUser } from '../../http/auth.ts';
import { HttpError, forbidden, gone } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { countryOf } from './country.ts';
import { deleteAccount } from './delete-account.ts';

const UpdateName = z.object({
  userName: z
    .string()
    .trim()
    .min(1, 'userName must not be empty.')
    .max(50, 'userName must be at most 50 characters.'),
});
const FingerprintBody = z.object({
  fingerprint: z.string().trim().min(1, 'fingerprint is required.').max(512),
});
const Confirmation = z.object({ isConfirmed: z.boolean().optional() });
const optionalId = z.string().max(64).optional();
const VerifyAge = z.object({
  BirthMonth: z.number().int().min(1, 'BirthMonth must be 1–12.').max(12, 'BirthMonth must be 1–12.'),
  BirthYear: z.number().int().min(1900, 'BirthYear must be 1900 or later.'),
  MessageId: optionalId,
  PersonId: optionalId,
});
const RomanceMode = z.object({ IsActive: z.boolean(), MessageId: optionalId, PersonId: optionalId });
const ActivityQuery = z.object({
  userId: z.uuid('userId must be a UUID.').optional(),
  requestID: z.string().optional(),
});

/** The CDN's country only: Accept-Language says what a visitor reads, not where they pay from (001 §1). */
function headerCountry(request: FastifyRequest, countryHeader: string): string | null {
  const found = countryOf(request.headers, countryHeader);
  return found.source === 'header' ? found.country : null;
}

/** Minimum age for adult content (spec: verify-user-age rejects under 18). */
const ADULT_AGE = 18;

/** Age in whole years from a birth month; without a day, the birthday month counts as not yet reached. */
export function ageFrom(birthYear: number, birthMonth: number, now: Date): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return year - birthYear - (birthMonth >= month ? 1 : 0);
}

/** Users: profile, soft delete, name, fingerprint, confirmations, age and romance mode, country and IP. */
export const usersFeature: FeaturePlugin = async (app, deps) => {
  const { db } = deps;
  const auth = { preHandler: app.authenticate };

  async function update(request: FastifyRequest, setSql: string, params: unknown[]): Promise<User> {
    const user = currentUser(request);
    const rows = await db.query<UserRow>(
      `UPDATE users SET ${setSql}, updated_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
      [user.id, deps.now(), ...params],
    );
    if (!rows[0]) throw gone();
    return toWireUser(rows[0], headerCountry(request, deps.config.countryHeader));
  }

  // The hottest route: token check and user read in one query (authenticateWithRow) instead of two.
  app.get('/User', async (request) => {
    const row = await authenticateWithRow<UserRow>(request, { db, jwtKey: deps.jwtKey, now: deps.now });
    const now = deps.now();
    const seen = row.last_seen_at;
    // Activity at 5-minute resolution keeps GET User a pure read on most calls.
    if (!seen || now.getTime() - seen.getTime() > 5 * 60_000) {
      await db.query('UPDATE users SET last_seen_at = $2 WHERE id = $1', [row.id, now]);
    }
    return toWireUser(row, headerCountry(request, deps.config.countryHeader));
  });

  app.delete('/User', auth, async (request, reply) => {
    const user = currentUser(request);
    const now = deps.now();
    await db.transaction((tx) => deleteAccount(tx, user.id, now));
    return reply.status(204).send();
  });

  app.post('/User/update/name', auth, async (request) => {
    const { userName } = parseBody(UpdateName, request.body);
    return update(request, 'user_name = $3', [userName]);
  });

  const fingerprintHandler = async (request: FastifyRequest) => {
    const { fingerprint } = parseBody(FingerprintBody, request.body);
    return update(request, 'fingerprint = $3', [fingerprint]);
  };
  app.post('/Fingerprint', auth, fingerprintHandler);
  app.put('/Fingerprint', auth, fingerprintHandler);

  app.post('/User/nsfw-confirmation', auth, async (request) => {
    const { isConfirmed = true } = parseBody(Confirmation, request.body);
    return update(request, 'is_n_confirmed = $3, n_enabled = $3, is_nsfw_content = $3', [isConfirmed]);
  });

  app.post('/User/sfw-confirmation', auth, async (request) => {
    const { isConfirmed = true } = parseBody(Confirmation, request.body);
    // Choosing SFW turns NSFW off; it does not revoke an earlier NSFW confirmation.
    return update(
      request,
      'is_s_confirmed = $3, n_enabled = CASE WHEN $3 THEN false ELSE n_enabled END, is_nsfw_content = CASE WHEN $3 THEN false ELSE is_nsfw_content END',
      [isConfirmed],
    );
  });

  app.post('/User/verify-user-age', auth, async (request) => {
    const body = parseBody(VerifyAge, request.body);
    const now = deps.now();
    if (body.BirthYear > now.getUTCFullYear())
      throw new HttpError(400, 'validation_failed', 'BirthYear cannot be in the future.', 'BirthYear');
    const age = ageFrom(body.BirthYear, body.BirthMonth, now);
    if (age < ADULT_AGE) {
      throw new HttpError(
        403,
        'underage',
        `You must be at least ${ADULT_AGE} years old to view adult content.`,
        'BirthYear',
      );
    }
    return update(
      request,
      `birth_year = $3, birth_month = $4, features = features || '{"hasConfirmedAge": true}'::jsonb`,
      [body.BirthYear, body.BirthMonth],
    );
  });

  app.post('/User/activate-romance-mode', auth, async (request) => {
    const body = parseBody(RomanceMode, request.body);
    const user = currentUser(request);
    if (body.IsActive) {
      const rows = await db.query<UserRow>('SELECT features FROM users WHERE id = $1', [user.id]);
      // Romance mode is adult content: age first (verify-user-age).
      if (!rows[0] || !userFeatures(rows[0]).hasConfirmedAge) {
        throw new HttpError(
          403,
          'age_not_verified',
          'Confirm your age before activating romance mode.',
          'IsActive',
        );
      }
    }
    return update(request, 'features = features || jsonb_build_object($3::text, $4::boolean)', [
      'isRomanceModeActive',
      body.IsActive,
    ]);
  });

  app.get('/User/get-my-country', async (request) => countryOf(request.headers, deps.config.countryHeader));

  app.get('/User/get-ip-address', async (request) => ({ ip: request.ip }));

  app.get('/User/get-user-activity-info', auth, async (request) => {
    const user = currentUser(request);
    const query = parseQuery(ActivityQuery, request.query);
    if (query.userId && query.userId !== user.id) throw forbidden('You can only read your own activity.');
    const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [user.id]);
    const row = rows[0]!;
    const spent = await deps.ledger.getBalance(db, user.id);
    return {
      userId: row.id,
      isAnonymous: row.is_anonymous,
      createdAt: row.created_at.toISOString(),
      lastSeenAt: (row.last_seen_at ?? row.created_at).toISOString(),
      daysSinceRegistration: Math.floor((deps.now().getTime() - row.created_at.getTime()) / 86_400_000),
      spentTokens: spent.spent,
    };
  });
};
