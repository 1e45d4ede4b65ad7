import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppHistory } from '@companion/history';
import type { User } from '@companion/contracts';
import { makeUser } from '../session/test-fixtures.ts';
import { useNsfwGate } from './use-nsfw-gate.ts';

function gateAt(path: string, user: User) {
  localStorage.clear();
  window.history.replaceState(null, '', path);
  const history = createAppHistory(window);
  return renderHook(
    ({ current }: { current: User }) =>
      useNsfwGate({
        history,
        pathname: path.split('?')[0]!,
        user: current,
        userKnown: true,
        sfwOnlyBuild: false,
      }),
    { initialProps: { current: user } },
  );
}

describe('the NSFW gate asks who may confirm (000 §2.2, §4, §6)', () => {
  afterEach(() => cleanup());

  it('should send a visitor without NSFW to the main page and ask them, remembering where they were going', () => {
    const hook = gateAt('/settings?utm_medium=cpc', makeUser({ nEnabled: false }));
    expect(hook.result.current.gate).toBe('redirect');
    expect(hook.result.current.confirmFor).toBe('/settings?utm_medium=cpc');
    expect(window.location.pathname).toBe('/');
  });

  it('should not ask on an SFW-only build, nor a google visitor without a subscription', () => {
    localStorage.clear();
    window.history.replaceState(null, '', '/tokens');
    const history = createAppHistory(window);
    const sfwBuild = renderHook(() =>
      useNsfwGate({ history, pathname: '/tokens', user: makeUser(), userKnown: true, sfwOnlyBuild: true }),
    );
    expect(sfwBuild.result.current.confirmFor).toBeNull();
    cleanup();
    const google = gateAt('/tokens', makeUser({ utmSource: 'google', activeSubscription: null }));
    expect(google.result.current.confirmFor).toBeNull();
  });

  it('should not ask again when the visitor chose SFW on the gated page they were in', () => {
    const hook = gateAt('/settings', makeUser({ nEnabled: true }));
    expect(hook.result.current.gate).toBe('allow');
    hook.rerender({ current: makeUser({ nEnabled: false, isSConfirmed: true }) });
    expect(hook.result.current.gate).toBe('redirect');
    expect(hook.result.current.confirmFor).toBeNull();
  });
});
