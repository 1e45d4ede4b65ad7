// An instance in its own process, so the multi-instance test can kill it (SIGKILL: no drain, no refund, no goodbye).
// Reads its options as JSON from argv[2]; prints `READY <origin url>` once it listens.

import { startInstance } from './instance.ts';
import type { InstanceOptions } from './instance.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as InstanceOptions;
const instance = await startInstance(options);
process.stdout.write(`READY ${instance.url}\n`);
