import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppHistory } from '@companion/history';
import type { RouteSetName } from '../brand/brands.ts';
import { finishedQuizTarget, watchQuizUsers } from './quiz-users.ts';

/** The hook over the window's history, as the shell's App uses it, arriving at `path` by `arrival`. */
function arriveAt(path: string, routeSet: RouteSetName = 'funnels', arrival = 'navigate') {
  window.history.replaceState(null, '', path);
  const history = createAppHistory(window);
  stops.push(watchQuizUsers({ routeSet, history, navigationType: () => arrival }));
  return {
    location: history.location,
    get path() {
      return history.location.pathname;
    },
    push: (href: string) => act(() => history.push(href)),
  };
}

const stops: (() => void)[] = [];
const cleanup = () => stops.splice(0).forEach((stop) => stop());

describe('quiz users (000 §2.2 "Other rules redirect quiz users", ADR 0390)', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('should record where a finished quiz handed the visitor, and send them there when they land on it again', async () => {
    const first = arriveAt('/4202');
    first.push('/create-character?utm_source=facebook');
    expect(finishedQuizTarget(localStorage, '/4202')).toBe('/create-character?utm_source=facebook');
    cleanup();
    const again = arriveAt('/4202?utm_source=facebook');
    expect(again.path).toBe('/create-character');
  });

  it('should leave another quiz, a back step onto the quiz and a visitor who never finished it alone', () => {
    arriveAt('/quiz-vip', 'charmGirl').push('/chat?modelId=m1');
    cleanup();
    expect(arriveAt('/quiz-fb', 'charmGirl').path).toBe('/quiz-fb');
    cleanup();
    expect(arriveAt('/quiz-vip', 'charmGirl', 'back_forward').path).toBe('/quiz-vip');
    cleanup();
    expect(arriveAt('/quiz-vip', 'charmGirl').path).toBe('/chat');
  });

  it("should treat fbQuiz's main page as its quiz", () => {
    arriveAt('/', 'fbQuiz').push('/create-character');
    cleanup();
    expect(arriveAt('/', 'fbQuiz').path).toBe('/create-character');
    cleanup();
    localStorage.clear();
    arriveAt('/', 'full').push('/chat');
    expect(finishedQuizTarget(localStorage, '/')).toBeNull();
  });
});
