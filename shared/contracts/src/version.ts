/** The mount-props and bus contract version. Majors break; minors only add (house style rule 5). */
export const CONTRACT_VERSION = '1.6.0';

/** The major of a contract version, or NaN when unreadable. */
export function contractMajor(version: string | number): number {
  return typeof version === 'number'
    ? Math.trunc(version)
    : Number.parseInt(String(version).split('.')[0] ?? '', 10);
}

/** Whether a remote built for `remoteContract` can be mounted by a shell speaking `shellContract`. */
export function isContractCompatible(shellContract: string, remoteContract: string | number): boolean {
  const want = contractMajor(shellContract);
  return Number.isFinite(want) && want === contractMajor(remoteContract);
}
