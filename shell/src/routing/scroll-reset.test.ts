import { describe, expect, it, vi } from 'vitest';
import { createAppHistory } from '@companion/history';
import { installScrollReset } from './scroll-reset.ts';

describe('scroll reset', () => {
  it('should scroll to the top on a path change but not on a query change', () => {
    window.history.replaceState(null, '', '/');
    const history = createAppHistory(window);
    const scrollTo = vi.fn();
    installScrollReset(history, scrollTo);
    history.push('/?category=anime');
    expect(scrollTo).not.toHaveBeenCalled();
    history.push('/gallery');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
