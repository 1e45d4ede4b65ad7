import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { isLoopbackAddress } from '../../http/loopback.ts';
import { parseBody } from '../../http/validate.ts';
import { expireOutbox } from '../../engines/email/mailer.ts';
import { FeedbackBody, ratedReply } from './feedback.ts';

const ContactUs = z.object({
  email: z.email({ message: 'Enter a valid email address.' }).max(254),
  name: z.string().trim().max(100).optional(),
  subject: z.string().trim().max(200).optional(),
  message: z
    .string()
    .trim()
    .min(1, 'message is required.')
    .max(5000, 'message must be at most 5000 characters.'),
});
const AudioCallFeedback = z.object({
  rating: z.number().int().min(1, 'rating must be 1–5.').max(5, 'rating must be 1–5.'),
  comment: z.string().trim().max(5000).optional(),
  personId: z.string().max(64).optional(),
  callId: z.string().max(100).optional(),
  durationSeconds: z.number().min(0).max(86_400).optional(),
});

/** Contact form, feedback, audio-call feedback; and the opt-in development mail viewer. */
export const supportFeature: FeaturePlugin = async (app, deps) => {
  const { db } = deps;
  const optional = { preHandler: app.authenticateOptional };

  async function record(kind: string, userId: string | null, email: string | null, payload: unknown) {
    const rows = await db.query<{ id: number }>(
      'INSERT INTO support_messages (user_id, kind, email, payload) VALUES ($1, $2, $3, $4) RETURNING id',
      [userId, kind, email, JSON.stringify(payload)],
    );
    return { success: true, id: rows[0]!.id };
  }

  app.post('/contact-us', optional, async (request) => {
    const body = parseBody(ContactUs, request.body);
    return record('contact_us', request.user?.id ?? null, body.email, body);
  });

  app.post('/feedback', optional, async (request) => {
    const body = parseBody(FeedbackBody, request.body);
    const userId = request.user?.id ?? null;
    if (!body.messageId) return record('feedback', userId, null, body);
    // A reply's rating keeps what was rated: its chat, its character (not the client's word for it) and its text.
    const reply = await ratedReply(db, userId, body.messageId);
    return record('feedback', userId, null, { ...body, ...reply });
  });

  app.post('/feedback-audio-calls', optional, async (request) => {
    const body = parseBody(AudioCallFeedback, request.body);
    return record('feedback_audio_call', request.user?.id ?? null, null, body);
  });

  // The development mail viewer: only with the explicit DEV_MAIL_VIEWER=1 flag, and only for a client on this
  // machine (the real client address: the origin forwards it and only loopback proxies are trusted). Without
  // the flag the route does not exist; the terminal prints each message instead.
  if (!deps.config.devMailViewer) return;
  app.get('/dev/outbox', async (request) => {
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for GET /api/dev/outbox.');
    // Only what is still within its viewing time (the outbox keeps no address or body after that).
    await expireOutbox(db);
    const rows = await db.query<{
      id: number;
      to_address: string;
      subject: string;
      body_text: string;
      created_at: Date;
      sent_at: Date | null;
    }>(
      `SELECT id, to_address, subject, body_text, created_at, sent_at FROM email_outbox
       WHERE body_text IS NOT NULL ORDER BY id DESC LIMIT 50`,
    );
    return {
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        createdAt: row.created_at.toISOString(),
        sentAt: row.sent_at?.toISOString() ?? null,
      })),
    };
  });
};
