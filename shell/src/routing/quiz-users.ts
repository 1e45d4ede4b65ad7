import { useEffect, useRef } from 'react';
import { PATHS, QUIZ_PAGES, type AppHistory, type AppLocation } from '@companion/contracts';
import type { RouteSetName } from '../brand/brands.ts';

/** Where a device keeps what each finished quiz gave the visitor: quiz path → the page it handed them to. */
export const FINISHED_QUIZZES_KEY = 'companion:finished-quizzes';

/** A quiz page of the brand: every quiz path, and fbQuiz's `/` (its vip quiz, 000 §2.1). */
export function isQuizPage(routeSet: RouteSetName, pathname: string): boolean {
  return (QUIZ_PAGES as readonly string[]).includes(pathname) || (routeSet === 'fbQuiz' && pathname === '/');
}

/** The pages a quiz ends in (000 §2.2: a chat, or the wizard with the quiz's draft). */
const QUIZ_ENDS: readonly string[] = [PATHS.chat.pattern, PATHS.createCharacter.pattern];

function read(storage: Storage): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(FINISHED_QUIZZES_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Records that the quiz at `quizPath` handed the visitor to `href`. */
export function recordFinishedQuiz(storage: Storage, quizPath: string, href: string): void {
  try {
    storage.setItem(FINISHED_QUIZZES_KEY, JSON.stringify({ ...read(storage), [quizPath]: href }));
  } catch {
    // Storage full or blocked: the visitor may take the quiz again, as before.
  }
}

/** Where the quiz at `quizPath` handed this device last time, or null. */
export function finishedQuizTarget(storage: Storage, quizPath: string): string | null {
  const href = read(storage)[quizPath];
  return typeof href === 'string' && href.startsWith('/') ? href : null;
}

/** Inputs of {@link useQuizUsers}. */
export interface QuizUsersInput {
  routeSet: RouteSetName;
  history: AppHistory;
  location: AppLocation;
  storage?: Storage;
  /** How the document was reached; a back or forward step never redirects (a seam for tests). */
  navigationType?: () => string | undefined;
}

const documentNavigationType = () =>
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;

/**
 * 000 §2.2 "Other rules redirect quiz users" (the rule is not shown; ADR 0390 records the design): a visitor who
 * finished a quiz and lands on that quiz again (the same ad clicked twice, a bookmark) is sent on to what the quiz
 * gave them (the chat with their character, or the wizard) instead of answering it again and making a second
 * character. On a funnel domain that page is the main app's, so the hand-over takes them there signed in.
 * A back or forward step onto the quiz never redirects, so the back button is never trapped, and another quiz of
 * the brand is still theirs to take.
 */
export function useQuizUsers({
  routeSet,
  history,
  location,
  storage = localStorage,
  navigationType = documentNavigationType,
}: QuizUsersInput): void {
  const previous = useRef<string | null>(null);
  const landing = useRef(true);
  useEffect(() => {
    const from = previous.current;
    previous.current = location.pathname;
    if (from !== null && isQuizPage(routeSet, from) && QUIZ_ENDS.includes(location.pathname)) {
      recordFinishedQuiz(storage, from, `${location.pathname}${location.search}`);
    }
    if (!landing.current) return;
    landing.current = false;
    if (!isQuizPage(routeSet, location.pathname) || navigationType() === 'back_forward') return;
    const target = finishedQuizTarget(storage, location.pathname);
    if (target) history.replace(target);
  }, [routeSet, history, location.pathname, location.search, storage, navigationType]);
}
