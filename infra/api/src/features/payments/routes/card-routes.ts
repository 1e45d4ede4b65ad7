// Saved cards (001 §7): list per provider, delete, and save the card of a paid order.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { refreshUserPaymentState } from '../../../db/payment-state.ts';
import { currentUser } from '../../../http/auth.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { parseQuery } from '../../../http/validate.ts';
import type { PaymentRoutes } from './guards.ts';
import { CardQuery, SaveCardBody, parseBody } from './schemas.ts';

export function registerCardRoutes({ app, deps, orders, auth }: PaymentRoutes) {
  const { db } = deps;
  const { ownOrder } = orders;
  const cardList = async (request: FastifyRequest, systems: string[]) => {
    const rows = await db.query<{
      id: string;
      brand: string;
      last4: string;
      payment_system: string;
      created_at: Date;
    }>(
      `SELECT id, brand, last4, payment_system, created_at FROM payment_cards
       WHERE user_id = $1 AND deleted_at IS NULL AND payment_system = ANY($2) ORDER BY created_at DESC`,
      [currentUser(request).id, systems],
    );
    return rows.map((row) => ({
      id: row.id,
      brand: row.brand,
      last4: row.last4,
      paymentSystem: row.payment_system,
      createdAt: row.created_at.toISOString(),
    }));
  };
  app.get('/Payments/user-card-info', auth, (request) => cardList(request, ['solidgate']));
  app.get('/YunoPayments/user-card-info', auth, (request) => cardList(request, ['yuno']));
  app.delete('/Payments/user-card-info', auth, async (request) => {
    const query = parseQuery(CardQuery, request.query);
    const userId = currentUser(request).id;
    return db.transaction(async (tx) => {
      const rows = await tx.query(
        'UPDATE payment_cards SET deleted_at = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id',
        [query.cardId, userId, deps.now()],
      );
      if (rows.length === 0) throw notFound('No such card.', 'card_not_found');
      await refreshUserPaymentState(tx, userId);
      return { deleted: true, cardId: query.cardId };
    });
  });
  app.post('/Payments/save-card-details', auth, async (request) => {
    const body = parseBody(SaveCardBody, request.body);
    const userId = currentUser(request).id;
    const order = await ownOrder(userId, body.orderId);
    if (order.status !== 'approved' || !order.card_token || order.payment_system === 'paypal')
      throw conflict('This order has no card to save.', 'no_card', 'orderId');
    return db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO payment_cards (id, user_id, payment_system, token, brand, last4)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, token) WHERE deleted_at IS NULL DO NOTHING`,
        [
          crypto.randomUUID(),
          userId,
          order.payment_system,
          order.card_token,
          order.card_brand,
          order.card_last4,
        ],
      );
      const rows = await tx.query<{ id: string; brand: string; last4: string }>(
        'SELECT id, brand, last4 FROM payment_cards WHERE user_id = $1 AND token = $2 AND deleted_at IS NULL',
        [userId, order.card_token],
      );
      await refreshUserPaymentState(tx, userId);
      return {
        id: rows[0]!.id,
        brand: rows[0]!.brand,
        last4: rows[0]!.last4,
        paymentSystem: order.payment_system,
      };
    });
  });
}
