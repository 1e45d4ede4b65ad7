// The single-bundle baseline for `pnpm bench`: the shell (the same composition root, `startShell`) with the
// explore and chat remotes compiled into one bundle and no federation runtime: loadRemote answers from static
// imports, so the difference to the federated build is exactly what federation costs.
import chat from '@bench/chat/lifecycles.tsx';
import explore from '@bench/explore/lifecycles.tsx';
import { startShell } from '@bench/shell/app/start-shell.tsx';
// The chrome in the one bundle too (the federated shell preloads it as its own chunk, ADR 0278): the shell's
// `import()` of it then resolves without a request.
import '@bench/shell/chrome/chrome-parts.ts';

const modules: Record<string, unknown> = { 'explore/lifecycles': explore, 'chat/lifecycles': chat };

startShell({
  runtime: { registerRemotes: () => undefined, loadRemote: async <T,>(id: string) => modules[id] as T },
  container: document.getElementById('root')!,
});
