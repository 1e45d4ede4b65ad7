// Public surface of @companion/hubs.
export { createHubServer } from './server.ts';
export { HubError } from './types.ts';
export type {
  AuthResult,
  Authenticate,
  HubCallContext,
  HubDefinition,
  HubMethod,
  HubServer,
  HubServerOptions,
  HubStreamMethod,
  TransportName,
} from './types.ts';
export { RS, ProtocolError } from './protocol.ts';
