import { describe, expect, it } from 'vitest';
import { BRAND_HOME_PAGES, BRAND_HOSTS, brandOfHost, isDevelopmentHost } from './brand-hosts.ts';
import { MARKETING_PAGES, PATHS } from './paths.ts';

describe('brand hosts', () => {
  it('should name the brand of a production host, ignoring case, www. and a port', () => {
    expect(brandOfHost('quiz.companion.app')).toBe('fbQuiz');
    expect(brandOfHost('WWW.Chat.Companion.app:443')).toBe('fakeChat');
    expect(brandOfHost('example.com')).toBeNull();
    expect(brandOfHost('localhost')).toBeNull();
    expect(brandOfHost('constructor')).toBeNull();
    expect(new Set(Object.values(BRAND_HOSTS)).size).toBe(11);
  });

  it('should serve a known page at the main page of fbQuiz and fakeChat', () => {
    expect(BRAND_HOME_PAGES.fakeChat).toBe(PATHS.chatLanding.pattern);
    expect(MARKETING_PAGES).toContain(BRAND_HOME_PAGES.fbQuiz);
  });

  it('should tell development hosts, where ?brand= picks the brand, from production ones', () => {
    for (const host of ['localhost', '127.0.0.1:3000', '[::1]', 'shop.local', 'app.localhost'])
      expect(isDevelopmentHost(host), host).toBe(true);
    for (const host of ['companion.app', 'example.com', 'localhost.example.com'])
      expect(isDevelopmentHost(host), host).toBe(false);
  });
});
