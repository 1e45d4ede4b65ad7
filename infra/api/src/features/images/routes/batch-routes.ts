// Paid photo batches: generate one, follow it, and list the caller's generated photos.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database.ts';
import { currentUser } from '../../../http/auth.ts';
import { notFound } from '../../../http/errors.ts';
import { parseBody, parseQuery } from '../../../http/validate.ts';
import { batchAnswer, loadBatch, toStandalone } from '../batch-answers.ts';
import type { StandaloneRow } from '../batch-answers.ts';
import type { RunBatch } from '../batch-runs.ts';
import { guards } from './guards.ts';
import { batchBody, batchParams, standaloneQuery } from './schemas.ts';

/** `POST Image/generate-batch-images`, `GET Image/batches/:batchId`, `GET Image/standalone-images`. */
export function registerBatchRoutes(app: FastifyInstance, db: Database, runBatch: RunBatch) {
  const { auth } = guards(app);
  app.post('/Image/generate-batch-images', auth, async (request, reply) => {
    const { status, answer, ...balance } = await runBatch(
      currentUser(request).id,
      parseBody(batchBody, request.body),
    );
    return reply.status(status).send({ ...answer, ...balance });
  });

  app.get('/Image/batches/:batchId', auth, async (request) => {
    const user = currentUser(request);
    const { batchId } = parseQuery(batchParams, request.params);
    const row = await loadBatch(db, batchId);
    if (!row || row.user_id !== user.id) throw notFound('No batch with this id.', 'batch_not_found');
    return batchAnswer(db, row);
  });

  app.get('/Image/standalone-images', auth, async (request) => {
    const user = currentUser(request);
    const query = parseQuery(standaloneQuery, request.query);
    const params: unknown[] = [user.id, query.limit];
    let filter = '';
    if (query.personModelId) {
      params.push(query.personModelId);
      filter = 'AND person_model_id = $3';
    }
    const rows = await db.query<StandaloneRow>(
      `SELECT id, content_type, person_model_id, batch_id, created_at FROM images
         WHERE owner_user_id = $1 AND is_standalone ${filter} ORDER BY created_at DESC, id DESC LIMIT $2`,
      params,
    );
    return rows.map(toStandalone);
  });
}
