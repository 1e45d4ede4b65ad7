export {
  DISCONNECTED_HUBS,
  FAKE_BRAND,
  createFakeMountProps,
  createFakeTransport,
  installFakeShellState,
  mountRemote,
} from './fake-shell.ts';
export { TEST_PRICES, testUser } from './user.ts';
