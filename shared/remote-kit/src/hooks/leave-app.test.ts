import { describe, expect, it } from 'vitest';
import { leaveTo } from './leave-app.ts';

const fakeLocation = () => {
  const visited: string[] = [];
  return { visited, href: 'https://app.example/pricing?x=1', assign: (url: string) => visited.push(url) };
};

describe('leaveTo', () => {
  it('should navigate to an absolute provider URL as given', () => {
    const location = fakeLocation();
    leaveTo('https://pay.provider.example/page/abc?lang=en', location);
    expect(location.visited).toEqual(['https://pay.provider.example/page/abc?lang=en']);
  });

  it('should resolve a relative URL against the current page', () => {
    const location = fakeLocation();
    leaveTo('/api/sandbox/pay/sbx_1', location);
    expect(location.visited).toEqual(['https://app.example/api/sandbox/pay/sbx_1']);
  });

  it('should refuse script and data URLs without navigating', () => {
    const location = fakeLocation();
    expect(() => leaveTo('javascript:alert(1)', location)).toThrow(/javascript:/);
    expect(() => leaveTo('data:text/html,hi', location)).toThrow(/data:/);
    expect(location.visited).toEqual([]);
  });
});
