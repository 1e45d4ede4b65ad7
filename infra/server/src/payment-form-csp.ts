import type { CspSources } from './security-headers.ts';

/** The live card form's default script (Solidgate's CDN), as the API's live adapter defaults it (ADR 0410). */
const SOLIDGATE_FORM_SCRIPT = 'https://cdn.solidgate.com/js/solid-form.js';

/** The origins a live Solidgate form frames and calls: its form, 3-D Secure and wallet pages live under it. */
const SOLIDGATE_FORM_ORIGINS = 'https://*.solidgate.com';

/**
 * The page CSP's sources for the live card provider's embedded form (ADR 0410): when the API runs the live
 * Solidgate adapter (its four keys are set), the form's script origin (`SOLIDGATE_FORM_SCRIPT_URL`) joins
 * `script-src`, and its frame origins (`SOLIDGATE_FORM_FRAME_ORIGINS`, space-separated, default Solidgate's
 * domains) join `frame-src` and `connect-src`. The sandbox's form is served under `/api`: `'self'` covers it.
 */
export function paymentFormCspSources(env: Record<string, string | undefined>): CspSources {
  const live =
    env['SOLIDGATE_API_PUBLIC_KEY'] &&
    env['SOLIDGATE_API_SECRET_KEY'] &&
    env['SOLIDGATE_WEBHOOK_PUBLIC_KEY'] &&
    env['SOLIDGATE_WEBHOOK_SECRET_KEY'];
  if (!live) return { script: [], connect: [], frame: [] };
  const script = new URL(env['SOLIDGATE_FORM_SCRIPT_URL'] || SOLIDGATE_FORM_SCRIPT).origin;
  const frames = (env['SOLIDGATE_FORM_FRAME_ORIGINS'] || SOLIDGATE_FORM_ORIGINS).split(/\s+/).filter(Boolean);
  return { script: [script], connect: frames, frame: frames };
}

/** Both sets of sources in one (the ad networks' and the payment form's). */
export function joinCspSources(a: CspSources, b: CspSources): CspSources {
  return {
    script: [...a.script, ...b.script],
    connect: [...a.connect, ...b.connect],
    frame: [...(a.frame ?? []), ...(b.frame ?? [])],
  };
}
