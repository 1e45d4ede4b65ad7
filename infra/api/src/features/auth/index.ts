// Auth (ADR 0011): sessions for generated (anonymous) users and accounts: pre-register, refresh on two paths, magic
// links, login/register, Google, feature flags, saved auth for in-app browsers.
// This file wires them: the access-token check, the shared sign-in steps (`sign-in.ts`) and the routes in `routes/`.
import { createAuthenticator } from '../../http/auth.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { registerAnonymousRoutes } from './routes/anonymous-routes.ts';
import { registerEmailRoutes } from './routes/email-routes.ts';
import { registerFlagRoutes } from './routes/flag-routes.ts';
import { registerGoogleRoutes } from './routes/google-routes.ts';
import { registerSavedAuthRoutes } from './routes/saved-auth-routes.ts';
import { registerTokenRoutes } from './routes/token-routes.ts';
import { createSignIn } from './sign-in.ts';

/** Sessions: pre-register, refresh (two paths), magic link, login/register, Google, saved auth for in-app browsers. */
export const authFeature: FeaturePlugin = async (app, deps) => {
  const { db } = deps;
  const authenticator = createAuthenticator({ db, jwtKey: deps.jwtKey, now: deps.now });
  const signIn = createSignIn(deps, authenticator);

  registerAnonymousRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerEmailRoutes(app, deps, signIn);
  registerGoogleRoutes(app, deps, signIn, authenticator);
  registerFlagRoutes(app, deps);
  registerSavedAuthRoutes(app, deps);
};
