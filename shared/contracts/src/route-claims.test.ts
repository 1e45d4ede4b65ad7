import { describe, expect, it } from 'vitest';
import { checkRouteClaims, isRoutePattern, mergeRouteClaims, patternsOverlap } from './route-claims.ts';

describe('route claims', () => {
  it('should accept literal and :param segments only', () => {
    for (const ok of ['/', '/quiz-fb', '/chat-landing/:chatId', '/4901/chat', '/B-JizzGirl', '/black_anime'])
      expect(isRoutePattern(ok), ok).toBe(true);
    for (const bad of ['', 'quiz', '/quiz/', '//x', '/a b', '/x?y=1', '/:', '/*', '/a/../b'])
      expect(isRoutePattern(bad), bad).toBe(false);
  });

  it('should find overlaps segment by segment', () => {
    expect(patternsOverlap('/chat/:chatId', '/chat/new')).toBe(true);
    expect(patternsOverlap('/chat', '/chat/:chatId')).toBe(false);
    expect(patternsOverlap('/chat-landing/:chatId', '/chat/:chatId')).toBe(false);
    expect(patternsOverlap('/:x', '/gallery')).toBe(true);
  });

  it('should refuse a path claimed by two remotes, naming both', () => {
    const problems = checkRouteClaims({ funnels: ['/quiz-fb'], explore: ['/', '/quiz-fb'] });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ reason: 'conflict', path: '/quiz-fb' });
    expect(problems[0]!.message).toContain('explore');
    expect(problems[0]!.message).toContain('funnels');
  });

  it('should refuse overlapping patterns of two remotes', () => {
    const problems = checkRouteClaims({ chat: ['/chat/:chatId'], gallery: ['/chat/archive'] });
    expect(problems.map((p) => p.reason)).toEqual(['conflict']);
  });

  it('should refuse shell and legal pages', () => {
    const problems = checkRouteClaims({
      funnels: [
        '/settings',
        '/legal',
        '/legal/privacy-policy',
        '/legal/new-policy',
        '/maintenance',
        '/hidden-auth',
      ],
    });
    expect(problems.map((p) => p.reason)).toEqual(Array(6).fill('shell-owned'));
    expect(problems[0]!.message).toContain("'/settings' is the shell's own page");
  });

  it('should let one remote claim overlapping paths of its own', () => {
    expect(checkRouteClaims({ chat: ['/chat/:chatId', '/chat/new'] })).toEqual([]);
  });

  it('should merge valid claims and give a contested path to neither remote', () => {
    const merged = mergeRouteClaims({
      explore: ['/', '/premium-models'],
      funnels: ['/quiz-fb', '/settings', 'bad'],
      gallery: ['/gallery', '/quiz-fb'],
    });
    expect(merged).toEqual([
      { path: '/', remote: 'explore' },
      { path: '/premium-models', remote: 'explore' },
      { path: '/gallery', remote: 'gallery' },
    ]);
  });
});
