import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
const ORIGIN = 'http://127.0.0.1:3520';
const API = 'http://127.0.0.1:3521';
const reg = await fetch(`${ORIGIN}/api/Authenticate/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `hop-${Date.now()}@example.com`, password: 'Bench-pass-123' }) });
const { accessToken } = (await reg.json()) as { accessToken: string };
const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
await fetch(`${ORIGIN}/api/testing/user-tokens`, { method: 'POST', headers, body: JSON.stringify({ amount: 1000 }) });
const top = (await (await fetch(`${ORIGIN}/api/PersonModel/top`)).json()) as { id: string; isLocked: boolean; isPremium: boolean }[];
const model = top.find((m) => !m.isLocked && !m.isPremium)!;
const chatId = ((await (await fetch(`${ORIGIN}/api/Chats/start`, { method: 'POST', headers, body: JSON.stringify({ personModelId: model.id }) })).json()) as { id: string }).id;
const conn = (base: string) => new HubConnectionBuilder().withUrl(`${base}/hubs/chatHub`, { transport: HttpTransportType.WebSockets, skipNegotiation: false, accessTokenFactory: () => accessToken }).configureLogging(LogLevel.None).build();
const via = { origin: conn(ORIGIN), api: conn(API) };
await via.origin.start(); await via.api.start();
const res: Record<string, { acc: number[]; text: number[] }> = { origin: { acc: [], text: [] }, api: { acc: [], text: [] } };
const N = Number(process.env.N ?? 30);
for (let i = 0; i < N * 2; i++) {
  const which = i % 2 === 0 ? 'origin' : 'api';
  await new Promise<void>((resolve, reject) => {
    const t0 = performance.now(); let saw = false;
    via[which].stream<any>('SendMessage', chatId, `hello there ${i}`, `hop-${i}-${Date.now()}`).subscribe({
      next: (item) => { if (item.kind === 'accepted') res[which].acc.push(performance.now() - t0); if (item.kind === 'text' && !saw) { saw = true; res[which].text.push(performance.now() - t0); } },
      complete: () => resolve(), error: reject,
    });
  });
}
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil(p / 100 * s.length) - 1)]!.toFixed(2); };
for (const k of ['origin', 'api'] as const) console.log(k, 'accepted p50', pct(res[k].acc.slice(2), 50), 'p90', pct(res[k].acc.slice(2), 90), 'text p50', pct(res[k].text.slice(2), 50));
await via.origin.stop(); await via.api.stop();
