// Decline compensation (001 §8, §9): the codes whose failure screen promises tokens "upon successful payment", and
// how many. One list for the API, which credits them on the buyer's next paid order, and the checkout remote, which
// promises them on the failure screen and shows them on the success screen.

/** 001 §9 "Decline compensation: 20 tokens." */
export const DECLINE_COMPENSATION_TOKENS = 20;

/** 001 §8: 3.04 and 3.08 offer 20 additional tokens; SuttonBank's special message offers them too. */
export const COMPENSATED_DECLINE_CODES: readonly string[] = ['3.04', '3.08', 'SuttonBank'];
