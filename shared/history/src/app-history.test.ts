import { describe, expect, it, vi } from 'vitest';
import { createAppHistory, createPath, parsePath } from './app-history.ts';

describe('app history', () => {
  it('should notify every listener on push and replace', () => {
    window.history.replaceState(null, '', '/start?utm_source=x');
    const history = createAppHistory(window);
    const a = vi.fn();
    const b = vi.fn();
    history.listen(a);
    const stop = history.listen(b);
    history.push('/chat?modelId=1', { from: 'explore' });
    expect(window.location.pathname).toBe('/chat');
    expect(history.location).toMatchObject({
      pathname: '/chat',
      search: '?modelId=1',
      state: { from: 'explore' },
    });
    expect(a).toHaveBeenCalledWith(expect.objectContaining({ action: 'PUSH', delta: 1 }));
    expect(b).toHaveBeenCalledOnce();
    stop();
    history.replace({ pathname: '/gallery' });
    expect(a).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledOnce();
    expect(history.action).toBe('REPLACE');
  });

  it('should resolve relative and object targets against the current location', () => {
    window.history.replaceState(null, '', '/legal/terms-of-service');
    const history = createAppHistory(window);
    expect(history.createHref('privacy-policy')).toBe('/legal/privacy-policy');
    expect(history.createHref({ search: '?a=1' })).toBe('/legal/terms-of-service?a=1');
    expect(history.encodeLocation('/x y')).toEqual({ pathname: '/x%20y', search: '', hash: '' });
  });

  it('should report POP with the index delta on popstate', () => {
    window.history.replaceState(null, '', '/');
    const history = createAppHistory(window);
    history.push('/a');
    history.push('/b');
    const listener = vi.fn();
    history.listen(listener);
    window.history.replaceState({ usr: null, key: 'k', idx: 0 }, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ action: 'POP', delta: -2 }));
    expect(history.location.pathname).toBe('/');
  });

  it('should split and join paths', () => {
    expect(parsePath('/a?b=1#c')).toEqual({ pathname: '/a', search: '?b=1', hash: '#c' });
    expect(createPath({ pathname: '/a', search: 'b=1', hash: 'c' })).toBe('/a?b=1#c');
  });
});
