import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// ADR 0450: the ledger is the one writer of money. Token balances and the ledger's rows change only through
// `features/tokens/ledger.ts` (the chat's one-statement send composes the ledger's `spendCtes`); other modules
// may open an empty balance row or stamp the daily claim, never move tokens.
const SRC = path.dirname(fileURLToPath(import.meta.url));
const LEDGER = path.join('features', 'tokens', 'ledger.ts');
const MONEY_WRITES = [
  /(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+token_ledger\b/i,
  /UPDATE\s+token_balances\s+SET[^;`]*?\b(balance|spent)\s*=/i,
  /INSERT\s+INTO\s+token_balances\s*\([^)]*\b(balance|spent)\b/i,
  /DELETE\s+FROM\s+token_balances\b/i,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('money writes (ADR 0450)', () => {
  it('should find token balance and ledger writes only in the ledger', () => {
    const writers = sources(SRC)
      .filter((file) => MONEY_WRITES.some((pattern) => pattern.test(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(SRC, file));
    expect(writers).toEqual([LEDGER]);
  });

  it('should catch a write outside the ledger (the patterns are live)', () => {
    const samples = [
      'UPDATE token_balances SET balance = balance + $2 WHERE user_id = $1',
      'INSERT INTO token_ledger (user_id, delta) VALUES ($1, $2)',
      'INSERT INTO token_balances (user_id, balance) VALUES ($1, 10)',
    ];
    for (const sample of samples) expect(MONEY_WRITES.some((pattern) => pattern.test(sample))).toBe(true);
    const allowed = [
      'INSERT INTO token_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING',
      'UPDATE token_balances SET last_daily_claim_at = $2 WHERE user_id = $1',
    ];
    for (const sample of allowed) expect(MONEY_WRITES.some((pattern) => pattern.test(sample))).toBe(false);
  });
});
