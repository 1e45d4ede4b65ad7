import { execFileSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import {
  balance,
  composer,
  freeModels,
  openChat,
  openFreeChat,
  replies,
  send,
  signIn,
  startChat,
  storedReplies,
  streaming,
} from '../support/chat.ts';
import { E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from '../support/env.ts';
import { shoot } from '../support/screenshots.ts';
import { startFreshStack, stopStack } from '../support/stack.ts';

// ADRs 0380, 0381 as a user meets them: a GGUF file at COMPANION_MODEL_PATH answers in the chat with no other
// setup (a tiny random-weight model written by infra/api's tiny-gguf.ts: real loading, template, streaming, queue;
// its words are noise), a full model says so and refunds, Stop stops it; and a photo comes from an image server
// speaking the OpenAI Images API (a local stand-in with the published shapes).

const PORT = E2E_PORT + 2;
const IMAGES_PORT = PORT + 2;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `${E2E_DATA_DIR}-local-engines`;
// A valid 1×1 PNG.
const PNG_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let stack: ChildProcess | null = null;
let images: http.Server | null = null;
const imageRequests: Array<{ url: string | undefined; body: Record<string, unknown> }> = [];

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: ORIGIN });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const modelPath = execFileSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(REPO_ROOT, 'infra/api/src/engines/companion/tiny-gguf.ts')],
    { encoding: 'utf8' },
  ).trim();
  images = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      imageRequests.push({ url: request.url, body: JSON.parse(text) as Record<string, unknown> });
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ created: 1, data: [{ b64_json: PNG_B64 }] }));
    });
  });
  await new Promise<void>((resolve) => images!.listen(IMAGES_PORT, '127.0.0.1', resolve));
  stack = await startFreshStack(PORT, DATA_DIR, {
    COMPANION_MODEL_PATH: modelPath,
    // One reply at a time and no queue, so a second chat's send meets a busy model; replies long enough to watch.
    COMPANION_MODEL_SLOTS: '1',
    COMPANION_MODEL_QUEUE: '0',
    COMPANION_MODEL_MAX_TOKENS: '4000',
    IMAGE_ENGINE_URL: `http://127.0.0.1:${IMAGES_PORT}`,
    IMAGE_ENGINE_API: 'openai',
  });
});

test.afterAll(async () => {
  if (stack?.pid) await stopStack(stack.pid);
  images?.closeAllConnections();
  await new Promise<void>((resolve) => (images ? images.close(() => resolve()) : resolve()));
});

test('should answer from the local model, say a full model is busy and refund, stop at once, and answer the retry', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const account = await signIn(page, request);
  const open = await freeModels(request);
  const first = await startChat(request, account, open[0]!.id);
  const second = await startChat(request, account, open[1]!.id);

  await openChat(page, first);
  await send(page, 'I had a rough day at work, my boss yelled at me');
  // The model's pieces stream in through the chat hub.
  await expect(streaming(page)).not.toHaveText('', { timeout: 60_000 });
  const paidFirst = await balance(request, account);
  expect(paidFirst).toBeLessThan(20);

  // Meanwhile, in another tab, the other chat finds the one slot taken and the queue off.
  const other = await context.newPage();
  await openChat(other, second);
  await send(other, 'Hey, are you there?');
  const error = other.getByTestId('reply-error');
  await expect(error).toContainText(
    /^She’s answering a lot of people right now\. Your \d+ tokens? (was|were) refunded: try again in a moment\./,
  );
  await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The busy send's price came back.
  expect(await balance(request, account)).toBe(paidFirst);
  await shoot(other, testInfo, 'local-model-busy');

  // Stop: generation ends at once and what was said is kept.
  await page.getByRole('button', { name: 'Stop reply' }).click();
  await expect(replies(page)).toHaveCount(1);
  await expect(streaming(page)).toHaveCount(0);
  const kept = (await storedReplies(request, account, first))[0]!;
  expect(kept.length).toBeGreaterThan(0);
  // Nothing more arrives after the stop (the slot was freed, not left generating).
  await page.waitForTimeout(1500);
  expect((await storedReplies(request, account, first))[0]).toBe(kept);

  // The slot is free: the retry is answered, and paid once.
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(streaming(other)).not.toHaveText('', { timeout: 60_000 });
  await other.getByRole('button', { name: 'Stop reply' }).click();
  await expect(replies(other)).toHaveCount(1);
  await expect(composer(other)).toBeEditable();
  expect(await balance(request, account)).toBeLessThan(paidFirst);
});

test('should deliver a photo drawn by an OpenAI Images API server', async ({ page, request }) => {
  const account = await signIn(page, request);
  await openFreeChat(page, request, account, 2);
  await page.getByRole('button', { name: 'Ask for a photo for 5 tokens' }).click();
  await expect(replies(page).getByRole('img', { name: 'Photo' })).toBeVisible({ timeout: 30_000 });
  expect(await balance(request, account)).toBe(15);
  const last = imageRequests.at(-1)!;
  expect(last.url).toBe('/v1/images/generations');
  expect(last.body).toMatchObject({ n: 1, size: '512x768', response_format: 'b64_json' });
  expect(String(last.body['prompt'])).toContain('adult woman');
});
