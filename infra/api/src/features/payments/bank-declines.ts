// 001 §5: "Token payments with a SuttonBank or CashApp bank decline are special-cased (see section 8)". The
// provider reports a card from SUTTON BANK or CASHAPP BANK as one decline, `SuttonBank`; only a token payment keeps
// it (its screen: 'Declined your payment, use different bank card', and the 20 tokens of 001 §8, which only
// token buyers are promised). A plan paid with such a card is an ordinary bank decline: 3.10, "your bank declined,
// use a card from a different bank" (ADR 0430).

/** The provider's code for a card from a bank whose token payments are special-cased. */
export const SPECIAL_BANK_DECLINE = 'SuttonBank';

/** The plain bank decline a plan gets instead. */
export const PLAN_BANK_DECLINE = '3.10';

/** The error code an order records for the provider's decline `code` (null: the provider gave none). */
export function orderDeclineCode(code: string | null, productKind: string | null | undefined): string {
  const given = code ?? '0.01';
  if (given === SPECIAL_BANK_DECLINE && productKind !== 'tokens') return PLAN_BANK_DECLINE;
  return given;
}
