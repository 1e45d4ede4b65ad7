// Remote-owned routes (ADR 0235): a remote declares the top-level paths it owns in its package.json
// (`companion.routes`), deploy copies them into its registry entry, and the shell merges them with its own pages
// at boot. These rules are checked in two places with one implementation: at deploy (refuse) and in the shell
// (ignore what slipped through, e.g. a hand-edited registry).
import { LEGAL_PAGES, PATHS } from './paths.ts';

/** The ops page's path (shell-owned). */
export const OPS_PATH = '/ops';

/**
 * Paths no remote may claim: the shell's own pages (they must render with every remote down, or belong to the
 * session), the legal pages, and the server's sign-in start.
 */
export const SHELL_OWNED_PATHS: readonly string[] = [
  // The SRE page (ADR 0245): not a spec path, and it must work with every remote down.
  OPS_PATH,
  PATHS.signInStart.pattern,
  PATHS.hiddenAuth.pattern,
  PATHS.contactUs.pattern,
  PATHS.settings.pattern,
  PATHS.maintenance.pattern,
  PATHS.legal.pattern,
  PATHS.legalPage.pattern,
  ...LEGAL_PAGES.map((page) => PATHS.legalPage.href({ page })),
];

const SEGMENT = /^(?::[A-Za-z][A-Za-z0-9_]*|[A-Za-z0-9._~-]+)$/;

/** A claimable pattern: `/`, or `/segment/…` where a segment is literal text or a `:param`; no trailing slash. */
export function isRoutePattern(pattern: string): boolean {
  if (pattern === '/') return true;
  if (!pattern.startsWith('/') || pattern.endsWith('/')) return false;
  return pattern
    .slice(1)
    .split('/')
    .every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment));
}

/** True when some pathname matches both patterns (`/chat/:id` and `/chat/new` overlap; `/chat` and `/chat/:id` do not). */
export function patternsOverlap(a: string, b: string): boolean {
  const left = a.split('/').filter(Boolean);
  const right = b.split('/').filter(Boolean);
  if (left.length !== right.length) return false;
  return left.every((segment, i) => {
    const other = right[i]!;
    return segment.startsWith(':') || other.startsWith(':') || segment === other;
  });
}

/** One route claim of a remote. */
export interface RouteClaim {
  path: string;
  remote: string;
}

/** Why a claim cannot be honoured. */
export interface RouteClaimProblem extends RouteClaim {
  reason: 'invalid' | 'shell-owned' | 'conflict';
  /** For `conflict`: the other remote claiming an overlapping path, and its pattern. */
  other?: RouteClaim;
  message: string;
}

/**
 * Checks every remote's claims together: invalid patterns, paths the shell owns, and paths two remotes claim (or
 * overlapping patterns of two remotes). Claims of one remote may overlap each other; the first wins.
 */
export function checkRouteClaims(claims: Readonly<Record<string, readonly string[]>>): RouteClaimProblem[] {
  const problems: RouteClaimProblem[] = [];
  const accepted: RouteClaim[] = [];
  for (const remote of Object.keys(claims).sort()) {
    for (const path of claims[remote] ?? []) {
      if (!isRoutePattern(path)) {
        problems.push({
          path,
          remote,
          reason: 'invalid',
          message: `${remote} claims '${path}', which is not a route pattern (e.g. /quiz-fb or /chat-landing/:chatId).`,
        });
        continue;
      }
      const owned =
        SHELL_OWNED_PATHS.find((shellPath) => shellPath === path) ??
        SHELL_OWNED_PATHS.find((shellPath) => patternsOverlap(shellPath, path));
      if (owned !== undefined) {
        problems.push({
          path,
          remote,
          reason: 'shell-owned',
          message: `${remote} claims '${path}', but '${owned}' is the shell's own page; remotes cannot claim shell or legal pages.`,
        });
        continue;
      }
      const taken = accepted.find((claim) => claim.remote !== remote && patternsOverlap(claim.path, path));
      if (taken) {
        problems.push({
          path,
          remote,
          reason: 'conflict',
          other: taken,
          message: `'${path}' is claimed by both ${taken.remote} ('${taken.path}') and ${remote}; a path has one owner.`,
        });
        continue;
      }
      accepted.push({ path, remote });
    }
  }
  return problems;
}

/**
 * The claims the shell honours, in registry order: every valid claim that is not shell-owned and not contested.
 * A contested path goes to neither remote, so the outcome never depends on key order.
 */
export function mergeRouteClaims(claims: Readonly<Record<string, readonly string[]>>): RouteClaim[] {
  const problems = checkRouteClaims(claims);
  const refused = (remote: string, path: string) =>
    problems.some(
      (p) =>
        (p.remote === remote && p.path === path) ||
        (p.reason === 'conflict' && p.other?.remote === remote && p.other.path === path),
    );
  const merged: RouteClaim[] = [];
  for (const [remote, paths] of Object.entries(claims)) {
    for (const path of paths) if (!refused(remote, path)) merged.push({ path, remote });
  }
  return merged;
}
