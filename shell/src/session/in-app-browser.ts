// Facebook, Instagram, Messenger, TikTok, Snapchat, LINE, X/Twitter, WeChat and LinkedIn in-app webviews.
const IN_APP =
  /FBAN|FBAV|FB_IAB|FBIOS|Instagram|musical_ly|Bytedance|TikTok|Snapchat|\bLine\/|Twitter|MicroMessenger|LinkedInApp/i;

/** True inside a social app's in-app browser, where auth is saved for the hand-over to the real browser. */
export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP.test(userAgent);
}

/** Google sign-in client id from `<meta name="google-signin-client_id">`; null (sign-in hidden) when absent. */
export function readGoogleClientId(doc: Document): string | null {
  const value = doc.querySelector<HTMLMetaElement>('meta[name="google-signin-client_id"]')?.content.trim();
  return value ? value : null;
}
