import type { FunnelReport, FunnelRow, Transport } from '@companion/contracts';

export type { FunnelReport, FunnelRow };

export const getFunnelReport = (t: Transport, from: string, to: string) =>
  t.request<FunnelReport>('Report/funnel', { query: { from, to } });
