// The auth calls' bodies and queries (ADR 0011), parsed with zod: sign-in, registration, refresh, Google, feature
// flags and the saved sign-in handed to another browser.
import { z } from 'zod';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address.' }).max(254));
const password = z
  .string()
  .min(8, 'Password must be at least 8 characters.')
  .max(128, 'Password must be at most 128 characters.');
const fingerprint = z.string().trim().min(1, 'fingerprint is required.').max(512);
const optionalUserId = z.uuid().nullable().optional();

export const PreRegister = z.object({
  fingerprint,
  isNConfirmed: z.boolean(),
  isSConfirmed: z.boolean(),
  utmSource: z.string().max(200).nullable().optional(),
  pathname: z.string().max(2048),
  url: z.string().max(4096).optional(),
});

export const Refresh = z.object({
  accessToken: z.string().max(4096),
  refreshToken: z.string().min(1, 'refreshToken is required.').max(512),
  userId: optionalUserId,
  isNConfirmed: z.boolean().optional(),
  isSConfirmed: z.boolean().optional(),
});

export const PasswordlessLogin = z.object({
  email,
  destination: z.enum(['settings', 'main']).optional(),
  userId: optionalUserId,
});

export const MagicLinkSignIn = z.object({
  Fingerprint: z.string().max(512).optional().default(''),
  MagicLinkCode: z.string().min(1, 'MagicLinkCode is required.').max(256),
  IsNConfirmed: z.boolean().optional().default(false),
  IsSConfirmed: z.boolean().optional().default(false),
  UserId: optionalUserId,
});

export const Login = z.object({
  email,
  password: z.string().min(1, 'password is required.').max(128),
  userId: optionalUserId,
});
export const Register = z.object({
  email,
  password,
  userName: z.string().trim().min(1).max(50).optional(),
  userId: optionalUserId,
  fingerprint: fingerprint.optional(),
});

export const GoogleSignIn = z.object({
  googleAccessToken: z.string().min(1, 'googleAccessToken is required.').max(8192),
  fingerprint: z.string().max(512).optional(),
  terms: z.boolean(),
  userId: optionalUserId,
});

export const StartWeb = z.object({
  accessToken: z.string().max(4096).optional(),
  fingerprint: z.string().max(512).optional(),
});
export const GoogleCallback = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
});

export const LoginPreRegister = z.object({ userId: z.uuid(), fingerprint });

// Flags the client may switch; age, romance and daily tokens have their own guarded endpoints.
export const FeatureFlags = z
  .object({
    preferredPaymentMethod: z.string().min(1).max(40),
    /** The card checkout: the provider's embedded form, or its hosted page (the default; ADR 0410). */
    paymentForm: z.enum(['embedded', 'hosted']),
    featurePaywallCheckoutVariant: z.string().max(80).nullable(),
    experimentCharacterTimebomb: z.boolean(),
    enabledGenerationVideoBasedImageInChat: z.boolean(),
    newCharacterCreationEntryPointV2: z.boolean(),
    featureExperimentWeeklyPlan: z.boolean(),
    featureExperimentOneclickButtonWordingV2: z.boolean(),
    featureExperimentFreeMessages: z.boolean(),
    experimentShowWhiteTheme: z.boolean(),
    hideLifetimeMonthlyTokens: z.boolean(),
  })
  .partial()
  .strict();

const SavedAuth = z.object({
  isUserLoggedIn: z.boolean(),
  accessToken: z.string().min(1).max(4096),
  refreshToken: z.string().min(1).max(512),
  generatedUserId: z.uuid().nullable(),
  isLightTheme: z.boolean(),
  category: z.enum(['realistic', 'anime']).nullable(),
});
// The spec sends `authTokenInfoToSave as JSON`: accept it wrapped (a JSON string, the client's form, or an
// object) or bare. Unwrapping first keeps the field name in a validation error.
export const SaveAuthBody = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null && 'authTokenInfoToSave' in body
      ? body
      : { authTokenInfoToSave: body },
  z.object({
    authTokenInfoToSave: z.union([
      SavedAuth,
      z.string().transform((text, ctx) => {
        try {
          const parsed = SavedAuth.safeParse(JSON.parse(text));
          if (parsed.success) return parsed.data;
          ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'invalid' });
        } catch {
          ctx.addIssue({ code: 'custom', message: 'authTokenInfoToSave is not valid JSON.' });
        }
        return z.NEVER;
      }),
    ]),
  }),
);
export const GetSavedAuth = z.object({ savedInfoId: z.uuid('savedInfoId must be a UUID.') });
