import { describe, expect, it } from 'vitest';
import { joinCspSources, paymentFormCspSources } from './payment-form-csp.ts';
import { contentSecurityPolicy } from './security-headers.ts';

// The live card form's origins join the page CSP only when the live Solidgate adapter runs (ADR 0410).

const LIVE = {
  SOLIDGATE_API_PUBLIC_KEY: 'api-pk',
  SOLIDGATE_API_SECRET_KEY: 'api-sk',
  SOLIDGATE_WEBHOOK_PUBLIC_KEY: 'wh-pk',
  SOLIDGATE_WEBHOOK_SECRET_KEY: 'wh-sk',
};

const directive = (csp: string, name: string) =>
  csp.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('paymentFormCspSources', () => {
  it('should add nothing while the sandbox (or no live Solidgate) takes payments', () => {
    const csp = contentSecurityPolicy('n', paymentFormCspSources({ SOLIDGATE_API_PUBLIC_KEY: 'only-one' }));
    expect(directive(csp, 'frame-src')).toBe("frame-src 'self' https://accounts.google.com/gsi/");
    expect(csp).not.toContain('solidgate');
  });

  it("should allow Solidgate's script, frames and calls when the live adapter is configured", () => {
    const csp = contentSecurityPolicy('n', paymentFormCspSources(LIVE));
    expect(directive(csp, 'script-src')).toContain(' https://cdn.solidgate.com');
    expect(directive(csp, 'frame-src')).toContain(' https://*.solidgate.com');
    expect(directive(csp, 'connect-src')).toContain(' https://*.solidgate.com');
    // Never a wildcard beyond the provider, never inline script.
    expect(csp).not.toContain("'unsafe-inline'");
  });

  it('should take the operator’s script URL and frame origins', () => {
    const sources = paymentFormCspSources({
      ...LIVE,
      SOLIDGATE_FORM_SCRIPT_URL: 'https://forms.example-pay.com/v2/form.js',
      SOLIDGATE_FORM_FRAME_ORIGINS: 'https://frame.example-pay.com  https://3ds.example-pay.com',
    });
    expect(sources).toEqual({
      script: ['https://forms.example-pay.com'],
      connect: ['https://frame.example-pay.com', 'https://3ds.example-pay.com'],
      frame: ['https://frame.example-pay.com', 'https://3ds.example-pay.com'],
    });
    const joined = joinCspSources({ script: ['https://pixel.example'], connect: [] }, sources);
    expect(joined.script).toEqual(['https://pixel.example', 'https://forms.example-pay.com']);
    expect(joined.frame).toHaveLength(2);
  });
});
