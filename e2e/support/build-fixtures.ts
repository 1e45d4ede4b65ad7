// Builds the e2e fixtures once before the browser suite's shards start (`pnpm test`, ADR 0291).
import { buildThrowingRemote } from './fixtures.ts';

await buildThrowingRemote();
