import type { RemoteName } from '@companion/contracts';
import lifecycles from '@standalone/lifecycles';
import { startStandalone } from './standalone.ts';

void startStandalone(lifecycles, __STANDALONE_REMOTE__ as RemoteName);
