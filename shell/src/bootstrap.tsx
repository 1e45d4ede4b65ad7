import '@companion/ui/fonts';
import '@companion/ui/themes';
import { StrictMode, useMemo, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { App } from './app/app.tsx';
import { ShellProvider, type ShellServices } from './app/shell-context.tsx';
import { MAIN_BRAND } from './brand/brand.ts';
import { integrityPlugin } from './federation/integrity.ts';
import { fetchRegistry } from './federation/registry.ts';
import { RemoteLoader } from './federation/remote-loader.ts';
import { installScrollReset } from './routing/scroll-reset.ts';
import { createGuestSession } from './session/guest-session.ts';
import { OFFLINE_HUBS } from './session/hubs.ts';
import { createTransport } from './session/transport.ts';
import { createThemeStore } from './theme/theme-store.ts';

// The composition root: the one bus, the one history, the registry and the loader.
const history = createAppHistory(window);
const bus = createAppBus();
let integrity: ReadonlyMap<string, string> = new Map();
registerPlugins([integrityPlugin(() => integrity)]);
const loader = fetchRegistry().then((registry) => {
  const remoteLoader = new RemoteLoader(registry, { registerRemotes, loadRemote }, window.location.origin);
  integrity = remoteLoader.integrity;
  return remoteLoader;
});
loader.catch((error: unknown) => console.error('[shell] registry unavailable', error));
installScrollReset(history);
const transport = createTransport(createGuestSession());
const themes = createThemeStore(bus, MAIN_BRAND.fontFamily);
bus.handle('theme:change-requested', ({ mode }) => themes.set(mode));

function Root() {
  const theme = useSyncExternalStore(themes.subscribe, themes.get);
  const services = useMemo<ShellServices>(
    () => ({
      history,
      bus,
      loader,
      transport,
      hubs: OFFLINE_HUBS,
      brand: MAIN_BRAND,
      theme,
      setTheme: themes.set,
    }),
    [theme],
  );
  return (
    <ShellProvider value={services}>
      <App />
    </ShellProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
