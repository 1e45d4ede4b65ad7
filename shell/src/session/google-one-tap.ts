import type { User } from '@companion/contracts';

/** The Google Identity Services script (spec 000 §7: "The client also loads a Google sign-in script"). */
const GOOGLE_GSI_SCRIPT = 'https://accounts.google.com/gsi/client';

interface GoogleId {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string; select_by?: string }) => void;
    auto_select: boolean;
    cancel_on_tap_outside: boolean;
    hd?: string;
    prompt_parent_id?: string;
  }): void;
  prompt(): void;
  cancel(): void;
}

/** Spec 000 §5: one-tap is offered only when the user exists and has no email (and a client id is configured). */
export function oneTapAllowed(clientId: string | null, user: User | null): clientId is string {
  return Boolean(clientId && user && !user.email);
}

/** Loads the script once; rejects when it cannot load (then one-tap is simply not shown). */
function loadScript(doc: Document): Promise<GoogleId> {
  const existing = (window as { google?: { accounts?: { id?: GoogleId } } }).google?.accounts?.id;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = GOOGLE_GSI_SCRIPT;
    script.async = true;
    script.onload = () => {
      const id = (window as { google?: { accounts?: { id?: GoogleId } } }).google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google sign-in script loaded without google.accounts.id'));
    };
    script.onerror = () => reject(new Error('Google sign-in script failed to load'));
    doc.head.append(script);
  });
}

/** Shows Google one-tap; a credential goes to `onCredential`, a missing one to `onError` (console only, 000 §8). */
export async function showOneTap(options: {
  clientId: string;
  onCredential: (credential: string) => void;
  onError?: (error: unknown) => void;
  hostedDomain?: string;
  promptParentId?: string;
  doc?: Document;
}): Promise<void> {
  const onError = options.onError ?? ((error: unknown) => console.error('[session] Google one-tap', error));
  try {
    const id = await loadScript(options.doc ?? document);
    id.initialize({
      client_id: options.clientId,
      auto_select: false,
      cancel_on_tap_outside: true,
      ...(options.hostedDomain ? { hd: options.hostedDomain } : {}),
      ...(options.promptParentId ? { prompt_parent_id: options.promptParentId } : {}),
      callback: (response) => {
        if (response.credential) options.onCredential(response.credential);
        else onError(new Error(`Google one-tap returned no credential (${response.select_by ?? 'unknown'})`));
      },
    });
    id.prompt();
  } catch (error) {
    onError(error);
  }
}
