import { rmSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import { E2E_DATA_DIR } from '../support/env.ts';
import { startFreshStack, stopStack } from '../support/stack.ts';

// A card import the server's CPU budget refuses (ADR 0310), on a stack of its own whose operator set the per-user
// share of card conversions to none (CPU_TASKS_PER_CLIENT=0): the real 429 from the real pool reaches the wizard.
const PORT = Number(process.env['E2E_BUDGET_PORT'] ?? 3326);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(E2E_DATA_DIR, '..', `.data-budget-${PORT}`);
let stack: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startFreshStack(PORT, DATA_DIR, { PUBLIC_URL: ORIGIN, CPU_TASKS_PER_CLIENT: '0' });
});

test.afterAll(async () => {
  if (stack?.pid) await stopStack(stack.pid);
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('should tell a visitor whose card import the server refuses to try again in a moment', async ({
  page,
}) => {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/PersonModel/import-card'));
  await page.goto(`${ORIGIN}/create-character`);
  await expect(page.getByText('Step 1 of 8')).toBeVisible();
  await page.getByLabel('Import a character card (PNG or JSON)').setInputFiles({
    name: 'ava.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ spec: 'chara_card_v3', data: { name: 'Ava' } })),
  });
  const refused = await answer;
  expect(refused.status()).toBe(429);
  expect(refused.headers()['retry-after']).toBe('2');
  expect((await refused.json()).error.code).toBe('rate_limited');
  await expect(page.getByRole('alert')).toHaveText(
    'You are importing cards too quickly. Wait a few seconds and try again.',
  );
  // Nothing was imported: the wizard is still at its first step.
  await expect(page.getByText('Step 1 of 8')).toBeVisible();
});
