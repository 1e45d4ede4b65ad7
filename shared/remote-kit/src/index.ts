export { ContractMismatchError, defineRemote } from './define-remote.tsx';
export { MountPropsProvider, useBus, useBusState, useMountProps, useTransport } from './remote-context.tsx';
export { RemotePage } from './remote-page.tsx';
export { RemoteRouter } from './remote-router.tsx';
