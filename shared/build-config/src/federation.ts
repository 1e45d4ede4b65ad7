// What crosses the federation boundary at run time. Only what must be one instance is shared:
// React keeps hooks and the dispatcher in module state, so host and remotes must use one copy.
// Everything else (react-router, rxjs, our shared packages) is bundled and tree-shaken per remote:
// a shared module ships whole and ties every remote's upgrade to the host (ADR 0002).
const REACT_RANGE = '^19.0.0';

/** The Module Federation `shared` map used by the shell and every remote. */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: REACT_RANGE },
  'react/jsx-runtime': { singleton: true, requiredVersion: REACT_RANGE },
  'react-dom': { singleton: true, requiredVersion: REACT_RANGE },
  'react-dom/client': { singleton: true, requiredVersion: REACT_RANGE },
} as const;
