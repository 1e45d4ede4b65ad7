import { startStandalone } from '@companion/remote-kit/dev';
import lifecycles from '../src/lifecycles.tsx';

void startStandalone(lifecycles, 'photo-generation');
