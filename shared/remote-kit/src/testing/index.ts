export {
  DISCONNECTED_HUBS,
  FAKE_BRAND,
  createFakeMountProps,
  createFakeTransport,
  mountRemote,
} from './fake-shell.ts';
