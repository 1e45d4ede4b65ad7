// The live adapters as the environment configures them, and the fetch they call providers with.
import type { PaymentProvider } from './provider.ts';
import { paypalProvider, solidgateProvider, yunoProvider } from './live-providers.ts';
import type { Fetch } from './live-providers.ts';

/** The named variables when every one is set, else null: a provider runs live only with all its credentials. */
function credentials<K extends string>(
  env: NodeJS.ProcessEnv,
  names: readonly K[],
): Record<K, string> | null {
  const values: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = env[name];
    if (!value) return null;
    values[name] = value;
  }
  return values as Record<K, string>;
}

/** Live providers from the environment; a provider without credentials stays on the sandbox. */
export function liveProvidersFromEnv(
  env: NodeJS.ProcessEnv,
  fetcher: Fetch,
): Partial<Record<'solidgate' | 'yuno' | 'paypal', PaymentProvider>> {
  const result: Partial<Record<'solidgate' | 'yuno' | 'paypal', PaymentProvider>> = {};
  const solidgate = credentials(env, [
    'SOLIDGATE_API_PUBLIC_KEY',
    'SOLIDGATE_API_SECRET_KEY',
    'SOLIDGATE_WEBHOOK_PUBLIC_KEY',
    'SOLIDGATE_WEBHOOK_SECRET_KEY',
  ]);
  if (solidgate)
    result.solidgate = solidgateProvider(
      {
        api: { publicKey: solidgate.SOLIDGATE_API_PUBLIC_KEY, secretKey: solidgate.SOLIDGATE_API_SECRET_KEY },
        webhook: {
          publicKey: solidgate.SOLIDGATE_WEBHOOK_PUBLIC_KEY,
          secretKey: solidgate.SOLIDGATE_WEBHOOK_SECRET_KEY,
        },
        payUrl: env.SOLIDGATE_PAY_URL || 'https://pay.solidgate.com/api/v1',
        pageUrl: env.SOLIDGATE_PAGE_URL || 'https://payment-page.solidgate.com/api/v1',
        formScriptUrl: env.SOLIDGATE_FORM_SCRIPT_URL || 'https://cdn.solidgate.com/js/solid-form.js',
      },
      fetcher,
    );
  const yuno = credentials(env, [
    'YUNO_PUBLIC_API_KEY',
    'YUNO_PRIVATE_SECRET_KEY',
    'YUNO_ACCOUNT_ID',
    'YUNO_WEBHOOK_SECRET',
  ]);
  if (yuno)
    result.yuno = yunoProvider(
      {
        publicApiKey: yuno.YUNO_PUBLIC_API_KEY,
        privateSecretKey: yuno.YUNO_PRIVATE_SECRET_KEY,
        accountId: yuno.YUNO_ACCOUNT_ID,
        webhookSecret: yuno.YUNO_WEBHOOK_SECRET,
        apiUrl: env.YUNO_API_URL || 'https://api.y.uno',
        country: env.YUNO_COUNTRY || 'US',
      },
      fetcher,
    );
  const paypal = credentials(env, ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID']);
  if (paypal)
    result.paypal = paypalProvider(
      {
        clientId: paypal.PAYPAL_CLIENT_ID,
        clientSecret: paypal.PAYPAL_CLIENT_SECRET,
        webhookId: paypal.PAYPAL_WEBHOOK_ID,
        apiUrl: env.PAYPAL_API_URL || 'https://api-m.paypal.com',
      },
      fetcher,
    );
  return result;
}

/** Node's fetch as the adapters' {@link Fetch}, with the 7 s client timeout of 001 §9 doubled for server calls. */
export const nodeFetch: Fetch = async (url, init) => {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  return { status: response.status, json: () => response.json() };
};
