import { describe, expect, it, vi } from 'vitest';
import { createAppBus } from '@companion/event-bus';
import { createThemeStore, initialTheme } from './theme-store.ts';

describe('theme store', () => {
  it('should default to dark, persist a change, apply it to <html> and publish it', () => {
    localStorage.clear();
    const bus = createAppBus();
    const store = createThemeStore(bus, 'Inter, sans-serif', localStorage, {
      defaultTheme: 'dark',
      search: '',
    });
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

describe('initial theme', () => {
  it('should use the build default when nothing is stored', () => {
    expect(initialTheme(null, { defaultTheme: 'dark', search: '' })).toBe('dark');
    expect(initialTheme(null, { defaultTheme: 'light', search: '' })).toBe('light');
  });

  it('should prefer the stored choice over the build default', () => {
    expect(initialTheme('dark', { defaultTheme: 'light', search: '' })).toBe('dark');
    expect(initialTheme('bogus', { defaultTheme: 'light', search: '' })).toBe('light');
  });

  it('should switch to light when the query flag is set, over a stored dark choice', () => {
    expect(initialTheme('dark', { defaultTheme: 'dark', search: '?isLightTheme=true' })).toBe('light');
    expect(initialTheme('dark', { defaultTheme: 'dark', search: '?isLightTheme' })).toBe('light');
    expect(initialTheme('dark', { defaultTheme: 'dark', search: '?isLightTheme=false' })).toBe('dark');
  });

  it('should persist the light theme the query flag asked for', () => {
    localStorage.setItem('persist:theme', 'dark');
    const store = createThemeStore(createAppBus(), 'x', localStorage, {
      defaultTheme: 'dark',
      search: '?isLightTheme=1',
    });
    expect(store.get()).toBe('light');
    expect(localStorage.getItem('persist:theme')).toBe('light');
  });
});
