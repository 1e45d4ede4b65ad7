// The single-bundle baseline for `pnpm bench`: the shell and the explore and chat remotes compiled into one
// bundle with no federation runtime. It reuses the shell's own App and replaces loadRemote with static
// imports, so the difference to the federated build is exactly what federation costs.
import '@companion/ui/fonts';
import '@companion/ui/themes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import chat from '@bench/chat/lifecycles.tsx';
import explore from '@bench/explore/lifecycles.tsx';
import { App } from '@bench/shell/app/app.tsx';
import { ShellProvider } from '@bench/shell/app/shell-context.tsx';
import { MAIN_BRAND } from '@bench/shell/brand/brand.ts';
import { RemoteLoader } from '@bench/shell/federation/remote-loader.ts';
import { OFFLINE_HUBS } from '@bench/shell/session/hubs.ts';
import { createGuestSession } from '@bench/shell/session/guest-session.ts';
import { createTransport } from '@bench/shell/session/transport.ts';
import { createThemeStore } from '@bench/shell/theme/theme-store.ts';

const modules: Record<string, unknown> = { 'explore/lifecycles': explore, 'chat/lifecycles': chat };
const entry = (name: string) => ({
  version: 'baseline',
  manifest: `/${name}.json`,
  integrity: '',
  contract: 1,
});
const loader = Promise.resolve(
  new RemoteLoader(
    { schemaVersion: 1, remotes: { explore: entry('explore'), chat: entry('chat') } },
    { registerRemotes: () => undefined, loadRemote: async <T,>(id: string) => modules[id] as T },
    location.origin,
  ),
);
const history = createAppHistory(window);
const bus = createAppBus();
const themes = createThemeStore(bus, MAIN_BRAND.fontFamily);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ShellProvider
      value={{
        history,
        bus,
        loader,
        transport: createTransport(createGuestSession()),
        hubs: OFFLINE_HUBS,
        brand: MAIN_BRAND,
        theme: themes.get(),
        setTheme: themes.set,
      }}
    >
      <App />
    </ShellProvider>
  </StrictMode>,
);
