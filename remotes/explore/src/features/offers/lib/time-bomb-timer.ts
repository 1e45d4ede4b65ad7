/** The time-bomb timer's id: one record per visitor device, kept across reloads by the shell (001 §3). */
export const TIME_BOMB_TIMER_ID = 'time-bomb';
