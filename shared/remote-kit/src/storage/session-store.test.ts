import { afterEach, describe, expect, it, vi } from 'vitest';
import { persistStore, sessionStore } from './session-store.ts';

const numberOnly = (raw: unknown) =>
  typeof raw === 'object' && raw && 'n' in raw ? (raw as { n: number }) : null;

describe('sessionStore', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    vi.restoreAllMocks();
  });

  it('should round-trip a value as JSON under its key and clear it', () => {
    const store = sessionStore('k', numberOnly);
    expect(store.read()).toBeNull();
    store.write({ n: 3 });
    expect(window.sessionStorage.getItem('k')).toBe('{"n":3}');
    expect(store.read()).toEqual({ n: 3 });
    store.clear();
    expect(store.read()).toBeNull();
  });

  it('should drop what is not JSON or fails the parser', () => {
    const store = sessionStore('k', numberOnly);
    window.sessionStorage.setItem('k', '{broken');
    expect(store.read()).toBeNull();
    window.sessionStorage.setItem('k', '"text"');
    expect(store.read()).toBeNull();
  });

  it('should not throw when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = sessionStore('k', numberOnly);
    expect(() => store.write({ n: 1 })).not.toThrow();
    expect(store.read()).toBeNull();
  });

  it('should keep a persisted slot in local storage, apart from the session slot of the same name', () => {
    const kept = persistStore('persist:k', numberOnly);
    kept.write({ n: 7 });
    expect(window.localStorage.getItem('persist:k')).toBe('{"n":7}');
    expect(window.sessionStorage.getItem('persist:k')).toBeNull();
    expect(sessionStore('persist:k', numberOnly).read()).toBeNull();
    expect(kept.read()).toEqual({ n: 7 });
    window.localStorage.setItem('persist:k', '{"m":1}');
    expect(kept.read()).toBeNull();
    kept.clear();
    expect(window.localStorage.getItem('persist:k')).toBeNull();
  });
});
