/** 000 §9 "Initial animation delay 200 ms": loading indicators fade in only after it, so fast loads never flash. */
export const INITIAL_ANIMATION_DELAY_MS = 200;
