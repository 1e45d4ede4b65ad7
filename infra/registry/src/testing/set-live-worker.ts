import { openStore } from '../store.ts';

// Run by store.test.ts as a separate process: `tsx set-live-worker.ts <dataDir> <version> <name>...`.
const [dataDir, version, ...names] = process.argv.slice(2);
if (!dataDir || !version) throw new Error('usage: set-live-worker <dataDir> <version> <name>...');
const store = openStore(dataDir);
await Promise.all(names.map((name) => store.setLive(name, version)));
