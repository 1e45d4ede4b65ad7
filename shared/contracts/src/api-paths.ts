/**
 * API paths the shell's session and the reference API must agree on, relative to `/api/` (the transport adds
 * the base). The two refresh paths are "configured, not shown" in spec 000 §5; ADR 0011 names them.
 */
export const API_PATHS = {
  preRegister: 'Authenticate/pre-register',
  /** A stored generated (anonymous) user id picks this refresh path. */
  refreshGeneratedUser: 'Authenticate/refresh-generated-user-token',
  refreshRegisteredUser: 'Authenticate/refresh-token',
} as const;
