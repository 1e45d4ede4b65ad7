import { describe, expect, it, vi } from 'vitest';
import { createAppBus } from '@companion/event-bus';
import { createThemeStore } from './theme-store.ts';

describe('theme store', () => {
  it('should default to dark, persist a change, apply it to <html> and publish it', () => {
    localStorage.clear();
    const bus = createAppBus();
    const store = createThemeStore(bus, 'Inter, sans-serif');
    expect(store.get()).toBe('dark');
    expect(document.documentElement.dataset['theme']).toBe('dark');
    const listener = vi.fn();
    store.subscribe(listener);
    store.set('light');
    expect(localStorage.getItem('persist:theme')).toBe('light');
    expect(document.documentElement.dataset['theme']).toBe('light');
    expect(bus.current('theme:changed')).toEqual({ mode: 'light' });
    expect(listener).toHaveBeenCalledOnce();
    expect(document.documentElement.style.getPropertyValue('--cmp-font-family')).toBe('Inter, sans-serif');
    expect(createThemeStore(createAppBus(), 'Inter, sans-serif').get()).toBe('light');
  });
});
