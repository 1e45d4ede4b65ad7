/**
 * The offer flows' one state-machine shape (001 §4 "Tokens offers", "Upgrade flow"): every flow is a table
 * `state → event → next state`, data that the tests walk without a browser. `'end'` closes the flow.
 */
export type Transitions<S extends string, E extends string> = Readonly<
  Record<S, Readonly<Partial<Record<E, S | 'end'>>>>
>;

/** The next state of `state` on `event`; an event a state does not list keeps the state. */
export function nextState<S extends string, E extends string>(
  table: Transitions<S, E>,
  state: S | 'end',
  event: E,
): S | 'end' {
  if (state === 'end') return 'end';
  return table[state][event] ?? state;
}
