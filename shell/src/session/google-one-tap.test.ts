import { afterEach, describe, expect, it, vi } from 'vitest';
import { oneTapAllowed, showOneTap } from './google-one-tap.ts';
import { makeUser } from './test-fixtures.ts';

describe('Google one-tap', () => {
  afterEach(() => {
    delete (window as { google?: unknown }).google;
  });

  it('should be allowed only for an existing user without email and a configured client id', () => {
    expect(oneTapAllowed('cid', makeUser())).toBe(true);
    expect(oneTapAllowed('cid', makeUser({ email: 'a@b.c' }))).toBe(false);
    expect(oneTapAllowed('cid', null)).toBe(false);
    expect(oneTapAllowed(null, makeUser())).toBe(false);
  });

  it('should pass a credential on and report a missing one as an error', async () => {
    let callback: ((r: { credential?: string; select_by?: string }) => void) | undefined;
    const initialize = vi.fn((config: { callback: typeof callback }) => (callback = config.callback));
    const prompt = vi.fn();
    (window as { google?: unknown }).google = { accounts: { id: { initialize, prompt, cancel: vi.fn() } } };
    const onCredential = vi.fn();
    const onError = vi.fn();
    await showOneTap({ clientId: 'cid', onCredential, onError });
    expect(initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'cid', auto_select: false, cancel_on_tap_outside: true }),
    );
    expect(prompt).toHaveBeenCalled();
    callback!({ credential: 'jwt', select_by: 'auto' });
    callback!({ select_by: 'user' });
    expect(onCredential).toHaveBeenCalledWith('jwt');
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
