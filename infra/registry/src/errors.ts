import type { RegistryErrorCode } from '@companion/contracts';

export type { RegistryErrorCode } from '@companion/contracts';

/** An expected, user-facing failure (bad input or state), as opposed to a bug. */
export class RegistryError extends Error {
  readonly code: RegistryErrorCode;

  constructor(code: RegistryErrorCode, message: string) {
    super(message);
    this.name = 'RegistryError';
    this.code = code;
  }
}
