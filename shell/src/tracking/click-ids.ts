import type { Transport } from '@companion/contracts';
import type { AdNetwork } from './pixel-rules.ts';

/** The ad-click record of 001 §3, as `PUT Event/update-event-tracking-transactions` takes it (the server adds UserIp). */
export interface AdClickRecord {
  Type: AdNetwork;
  ClickId: string | null;
  UserAgent: string;
  ExternalId: string | null;
  BrowserId: string | null;
  MetaClickId: string | null;
}

/** What the server answers for a paid order: the dedup id and whether it was the user's first subscription. */
export interface Conversion {
  dedupId: string;
  clickId: string | null;
  firstSubscription: boolean;
}

/** The ad click id calls around pixel events (001 §7 "Ad click ids and attribution"). */
export interface ClickIdApi {
  update(record: AdClickRecord): Promise<void>;
  /** The server's conversion for `orderId` on `network`, marked reported; null when it has none. */
  conversion(network: AdNetwork, orderId: string): Promise<Conversion | null>;
}

interface TransactionRow {
  id: string;
  payload?: { orderId?: unknown; clickId?: unknown; firstSubscription?: unknown };
}

/** {@link ClickIdApi} over the session transport. */
export function createClickIdApi(transport: Transport): ClickIdApi {
  return {
    async update(record) {
      await transport.request('Event/update-event-tracking-transactions', { method: 'PUT', body: record });
    },
    async conversion(network, orderId) {
      // 000 §7: the answer is read as text (a JSON list of the pending transactions of that type).
      const text = await transport.request<unknown>('Event/get-event-tracking-transactions', {
        query: { type: network },
      });
      const rows = (typeof text === 'string' ? JSON.parse(text) : text) as TransactionRow[];
      const row = Array.isArray(rows)
        ? rows.find((candidate) => candidate.payload?.orderId === orderId)
        : undefined;
      if (!row) return null;
      await transport.request('Event/update-event-tracking-transactions', {
        method: 'PUT',
        body: { ids: [row.id], type: network },
      });
      return {
        dedupId: row.id,
        clickId: typeof row.payload?.clickId === 'string' ? row.payload.clickId : null,
        firstSubscription: row.payload?.firstSubscription === true,
      };
    },
  };
}
