/** Where a device keeps what each finished quiz gave the visitor: quiz path → the page it handed them to (ADR 0390). */
export const FINISHED_QUIZZES_KEY = 'companion:finished-quizzes';
