import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppHistory } from '@companion/history';
import { useHistoryLocation } from '@companion/remote-kit';
import { BRANDS, type Brand } from '../brand/brands.ts';
import { staticAnonymousSession } from '../session/test-fixtures.ts';
import { installTrackingPreservation } from './tracking-params.ts';
import { TEST_ROUTES } from './test-routes.ts';
import { useMainAppHandOver } from './use-funnel-redirect.ts';

function walk(brand: Brand, start: string) {
  window.history.replaceState(null, '', start);
  const history = createAppHistory(window);
  const stopTracking = installTrackingPreservation(history);
  const leave = vi.fn();
  const session = { ...staticAnonymousSession(), tokens: () => ({ accessToken: 'at', refreshToken: 'rt' }) };
  const hook = renderHook(() =>
    useMainAppHandOver({
      brand,
      history,
      location: useHistoryLocation(history),
      routes: TEST_ROUTES,
      session,
      leave,
    }),
  );
  return { history, leave, hook, stopTracking };
}

describe('the funnel domains hand a quiz over to the main app (000 §2.2)', () => {
  afterEach(() => cleanup());

  it("should take a funnel brand's push to a main-app path there, with the session and the tracking query", async () => {
    const { history, leave, hook, stopTracking } = walk(BRANDS.funnels, '/4202?utm_source=facebook');
    expect(hook.result.current).toBe(false);
    act(() => history.push('/chat?modelId=m1'));
    expect(hook.result.current).toBe(true);
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    const url = new URL(leave.mock.calls[0]![0] as string);
    expect(url.pathname).toBe('/chat');
    expect(url.searchParams.get('modelId')).toBe('m1');
    expect(url.searchParams.get('utm_source')).toBe('facebook');
    expect(url.searchParams.get('accessToken')).toBe('at');
    expect(url.searchParams.get('refreshToken')).toBe('rt');
    // jsdom is a development host: the one origin, switched to the main brand.
    expect(url.searchParams.get('brand')).toBe('main');
    stopTracking();
  });

  it('should leave a visitor who arrived on such a path to the not-found rule, and never move a main-app visitor', () => {
    const arrived = walk(BRANDS.funnels, '/chat?modelId=m1');
    expect(arrived.hook.result.current).toBe(false);
    arrived.stopTracking();
    cleanup();
    const main = walk(BRANDS.main, '/');
    act(() => main.history.push('/chat?modelId=m1'));
    expect(main.hook.result.current).toBe(false);
    expect(main.leave).not.toHaveBeenCalled();
    main.stopTracking();
  });
});
