import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import { bearer, preRegister, type TestSession } from '../../../test/harness.ts';
import { authFeature } from '../auth/index.ts';
import { eventsFeature } from '../events/index.ts';
import { funnelReportFeature } from './index.ts';

const DAY = '2026-11-20';
const at = (time: string) => new Date(`${DAY}T${time}Z`);

describeEachBackend('funnel report on $backend', 'GET Report/funnel', (backend) => {
  const t = useTestApp(backend, { features: [authFeature, eventsFeature, funnelReportFeature] });
  let admin: TestSession;
  beforeAll(async () => {
    admin = await preRegister(t.app);
    await t.db.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.userId]);
  });

  const event = (userId: string, name: string, time: string, properties: object = {}) =>
    t.db.query(
      'INSERT INTO analytics_events (user_id, name, properties, occurred_at) VALUES ($1, $2, $3::jsonb, $4)',
      [userId, name, JSON.stringify(properties), at(time)],
    );
  const paid = (userId: string, time: string, status = 'approved') =>
    t.db.query(
      `INSERT INTO payment_orders (id, user_id, product_id, kind, payment_system, amount, currency, status, created_at, updated_at)
         VALUES ($1, $2, 'sub-12m', 'payment', 'solidgate', 11999, 'USD', $3, $4, $4)`,
      [crypto.randomUUID(), userId, status, at(time)],
    );
  const source = (userId: string, utm: string) =>
    t.db.query('INSERT INTO user_attributions (user_id, utm_source) VALUES ($1, $2)', [userId, utm]);
  const report = (query: string, token = admin.accessToken) =>
    t.app.inject({ method: 'GET', url: `/api/Report/funnel${query}`, headers: bearer(token) });

  it('should count visitors → quiz completed → paywall shown → purchase per variant and utm source', async () => {
    const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => preRegister(t.app)));
    // a: the whole funnel from facebook; b: completes and sees the paywall; c: only starts; all on quiz-fb.
    await source(a!.userId, 'facebook');
    await source(b!.userId, 'facebook');
    await source(c!.userId, 'facebook');
    for (const visitor of [a!, b!, c!])
      await event(visitor.userId, 'quiz_started', '10:00:00', { variant: 'quiz-fb' });
    await event(a!.userId, 'quiz_started', '10:05:00', { variant: 'quiz-fb' });
    for (const visitor of [a!, b!]) {
      await event(visitor.userId, 'quiz_completed', '10:10:00', { variant: 'quiz-fb' });
      await event(visitor.userId, 'paywall_shown', '10:11:00', { paywallType: 'subscription' });
    }
    await paid(a!.userId, '10:20:00');
    await paid(b!.userId, '10:20:00', 'declined');
    // d: tiktok on another variant; completing a different variant does not count; paid before the quiz does not.
    await source(d!.userId, 'tiktok');
    await paid(d!.userId, '09:00:00');
    await event(d!.userId, 'quiz_started', '11:00:00', { variant: 'quiz4901' });
    await event(d!.userId, 'quiz_completed', '11:05:00', { variant: 'quiz-fb' });
    // e: no attribution at all, and a start outside the range.
    await event(e!.userId, 'quiz_started', '12:00:00', { variant: 'quiz4901' });
    await t.db.query(
      "INSERT INTO analytics_events (user_id, name, properties, occurred_at) VALUES ($1, 'quiz_started', '{\"variant\":\"quiz4901\"}', '2026-11-22T10:00:00Z')",
      [e!.userId],
    );

    // e's row: one visitor in the range, who went no further.
    const direct = {
      variant: 'quiz4901',
      utmSource: '(direct)',
      visitors: 1,
      quizCompleted: 0,
      paywallShown: 0,
      purchased: 0,
    };
    const response = await report(`?from=${DAY}&to=${DAY}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: DAY,
      to: DAY,
      rows: [
        {
          variant: 'quiz-fb',
          utmSource: 'facebook',
          visitors: 3,
          quizCompleted: 2,
          paywallShown: 2,
          purchased: 1,
        },
        direct,
        {
          variant: 'quiz4901',
          utmSource: 'tiktok',
          visitors: 1,
          quizCompleted: 0,
          paywallShown: 0,
          purchased: 0,
        },
      ],
    });
    const wider = await report(`?from=${DAY}&to=2026-11-22`);
    expect(wider.json().rows).toContainEqual(direct);
    expect((await report('?from=2026-11-01&to=2026-11-02')).json().rows).toEqual([]);
  });

  it('should answer 403 to a user who is not an admin, and 401 without a session', async () => {
    const visitor = await preRegister(t.app);
    const refused = await report(`?from=${DAY}&to=${DAY}`, visitor.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('admin_only');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/Report/funnel?from=${DAY}&to=${DAY}` })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['', 'from'],
    [`?from=${DAY}`, 'to'],
    ['?from=20-11-2026&to=2026-11-20', 'from'],
    ['?from=2026-02-31&to=2026-03-01', 'from'],
    ['?from=2026-11-20&to=2026-11-19', 'to'],
    ['?from=2024-01-01&to=2026-01-01', 'to'],
    ['?from=9999-12-01&to=9999-12-31', 'from'],
    ['?from=2026-11-20&to=9999-12-31', 'to'],
    ['?from=0001-01-01&to=0001-01-02', 'from'],
  ])('should refuse %s with a 400 naming %s', async (query, field) => {
    const response = await report(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe(field);
  });
});
