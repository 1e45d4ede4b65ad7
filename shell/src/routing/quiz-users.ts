import { PATHS, QUIZ_PAGES, type AppHistory } from '@companion/contracts';
import type { RouteSetName } from '../brand/brands.ts';
import { FINISHED_QUIZZES_KEY } from './quiz-users-key.ts';

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

/** Inputs of {@link watchQuizUsers}. */
export interface QuizUsersInput {
  routeSet: RouteSetName;
  history: AppHistory;
  storage?: Storage;
  /** How the document was reached; a back or forward step never redirects (a seam for tests). */
  navigationType?: () => string | undefined;
  /** The page the document landed on, when the watch starts after the first navigation away from it. */
  from?: string;
}

const documentNavigationType = () =>
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;

/**
 * 000 §2.2 "Other rules redirect quiz users" (the rule is not shown; ADR 0390 records the design): a visitor who
 * finished a quiz and lands on that quiz again (the same ad clicked twice, a bookmark) is sent on to what the quiz
 * gave them (the chat with their character, or the wizard) instead of answering it again and making a second
 * character. On a funnel domain that page is the main app's, so the hand-over takes them there signed in.
 * A back or forward step onto the quiz never redirects, so the back button is never trapped, and another quiz of
 * the brand is still theirs to take. Its own chunk, loaded by the shell's App when it has something to do; returns
 * the unsubscribe.
 */
export function watchQuizUsers({
  routeSet,
  history,
  storage = localStorage,
  navigationType = documentNavigationType,
  from,
}: QuizUsersInput): () => void {
  const record = (left: string, location: { pathname: string; search: string }) => {
    if (isQuizPage(routeSet, left) && QUIZ_ENDS.includes(location.pathname))
      recordFinishedQuiz(storage, left, `${location.pathname}${location.search}`);
  };
  let previous = history.location.pathname;
  const stop = history.listen(({ location }) => {
    record(previous, location);
    previous = location.pathname;
  });
  // Started by the first navigation away from the landing page: that navigation is recorded here.
  if (from !== undefined && from !== previous) {
    record(from, history.location);
    return stop;
  }
  if (isQuizPage(routeSet, previous) && navigationType() !== 'back_forward') {
    const target = finishedQuizTarget(storage, previous);
    if (target) history.replace(target);
  }
  return stop;
}
