/** Stable codes for everything the registry refuses; the CLI prints the message and exits non-zero. */
export type RegistryErrorCode =
  | 'invalid_name'
  | 'invalid_version'
  | 'unknown_remote'
  | 'unknown_version'
  | 'missing_build'
  | 'invalid_build'
  | 'version_conflict'
  | 'no_previous_version'
  | 'corrupt_registry'
  | 'build_failed'
  | 'invalid_path'
  | 'store_unavailable'
  | 'contract_mismatch'
  | 'route_conflict'
  | 'invalid_percent'
  | 'smoke_failed';

/** An expected, user-facing failure (bad input or state), as opposed to a bug. */
export class RegistryError extends Error {
  readonly code: RegistryErrorCode;

  constructor(code: RegistryErrorCode, message: string) {
    super(message);
    this.name = 'RegistryError';
    this.code = code;
  }
}
