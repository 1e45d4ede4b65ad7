/**
 * Exact, case-sensitive matching of a pathname against a route pattern with `:param` segments. The shell needs
 * nothing more, and react-router's `matchPath` pulled ~11 KB gz of its router into the shell's first load
 * because its module does not tree-shake (ADR 0009).
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((segment, i) =>
    segment.startsWith(':') ? have[i] !== undefined && have[i] !== '' : segment === have[i],
  );
}
