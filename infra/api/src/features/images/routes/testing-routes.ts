// The test fixture of the image engine (COMPANION_TEST_FIXTURES=1, loopback clients only).
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../http/auth.ts';
import { HttpError } from '../../../http/errors.ts';
import { isLoopbackAddress } from '../../../http/loopback.ts';
import { parseBody } from '../../../http/validate.ts';
import type { EngineFixtures } from '../engine-fixtures.ts';
import { guards } from './guards.ts';
import { engineFixtureBody } from './schemas.ts';

/** `POST testing/image-engine`: registered only when the fixtures are on. */
export function registerTestingRoutes(app: FastifyInstance, fixtures: EngineFixtures) {
  const { auth } = guards(app);
  // COMPANION_TEST_FIXTURES=1 only, and only for clients on this machine: make the caller's next generations
  // fail, or hold them until released (a reload during generation is then deterministic in e2e).
  app.post('/testing/image-engine', auth, async (request) => {
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for POST /api/testing/image-engine.');
    const { mode } = parseBody(engineFixtureBody, request.body);
    fixtures.set(currentUser(request).id, mode);
    return { mode };
  });
}
