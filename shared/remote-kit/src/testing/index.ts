export {
  DISCONNECTED_HUBS,
  FAKE_BRAND,
  createFakeMountProps,
  createFakeTransport,
  installFakeShellState,
  mountRemote,
} from './fake-shell.ts';
export { TEST_PRICES, testSubscription, testUser } from './user.ts';
export {
  testChat,
  testGalleryImage,
  testMessage,
  testPersonModel,
  testProduct,
  testTokenProduct,
} from './factories.ts';
export { renderRemote } from './render-remote.ts';
export type { FakeApi, RenderRemoteOptions } from './render-remote.ts';
