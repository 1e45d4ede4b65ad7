import { PAYMENT_RETURN_PARAMS } from '@companion/contracts';

/** The payment-return query parameters (001 §2) read when the provider sends the browser back. */
export interface PaymentReturn {
  orderId: string;
  productId: string | null;
  purchaseType: 'subscription' | 'token' | null;
  paymentSystem: string | null;
  userId: string | null;
  state: string | null;
  subscriptionId: string | null;
  token: string | null;
}

/** Every return parameter name (001 §2), removed from the address once read. */
const RETURN_PARAMS = PAYMENT_RETURN_PARAMS;

/** The return parameters of a search string, or null when it is not a payment return (no orderId). */
export function readPaymentReturn(search: string): PaymentReturn | null {
  const params = new URLSearchParams(search);
  const orderId = params.get('orderId');
  if (!orderId) return null;
  const purchaseType = params.get('purchaseType');
  return {
    orderId,
    productId: params.get('productId'),
    purchaseType: purchaseType === 'subscription' || purchaseType === 'token' ? purchaseType : null,
    paymentSystem: params.get('paymentSystem'),
    userId: params.get('userId'),
    state: params.get('state'),
    subscriptionId: params.get('subscription_id'),
    token: params.get('token'),
  };
}

/** The search string without the return parameters (tracking parameters stay, 001 §7). */
export function withoutReturnParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
