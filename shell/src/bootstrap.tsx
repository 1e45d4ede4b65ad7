import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { startShell } from './app/start-shell.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
startShell({ runtime: { registerRemotes, loadRemote }, registerPlugins, container });
