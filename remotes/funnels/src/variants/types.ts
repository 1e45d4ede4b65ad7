import type { CharacterDraft, CharacterTraits } from '@companion/contracts';

/** A variant's look: gray, black, white (light surfaces) or anime; the shell's theme (dark, or light by the query flag) still applies. */
export type Tone = 'gray' | 'black' | 'white' | 'anime';

/** What the quiz does with its answers at the end (the hand-over into the app). */
export type HandOver =
  /** The answers become the character wizard's draft; the visitor lands on `/create-character` at its summary. */
  | 'wizard'
  /** The answers create the free landing match (`POST PersonModel/create-landing-model-quickdate`), then her chat. */
  | 'match'
  /** The landing opens the subscription paywall (the quiz variants' modal when `discount`); the draft is kept. */
  | 'paywall';

/** The funnel products of `GET PersonModel/{product}-net-funnel-person-models` (000 §7). */
export type FunnelProduct = 'quickdate' | 'generation' | 'quiz';

/** Part of the 000 §3 draft an answer sets; nested groups merge field by field. */
export type DraftPatch = Partial<Omit<CharacterDraft, 'traits' | 'body'>> & {
  traits?: Partial<CharacterTraits>;
  body?: Partial<CharacterDraft['body']>;
};

/** One answer of a question. */
export interface QuizOption {
  value: string;
  label: string;
  /** A short line under the label. */
  hint?: string;
  /** Shown instead of a picture on list questions. */
  emoji?: string;
  patch: DraftPatch;
}

/** The character-quiz steps of 000 §2.1 (welcome → personality → name → generate → landing) and the questions between. */
export type QuizStep =
  | {
      kind: 'welcome';
      id: 'welcome';
      eyebrow: string;
      title: string;
      lead: string;
      cta: string;
      perks: string[];
    }
  | {
      kind: 'choice';
      id: string;
      title: string;
      lead?: string;
      /** `pictures`: each option drawn as a portrait of the draft so far with the option applied. */
      layout: 'pictures' | 'list';
      options: QuizOption[];
    }
  | { kind: 'name'; id: 'name'; title: string; lead: string; suggestions: string[] }
  | { kind: 'generate'; id: 'generate'; title: string; lines: string[] }
  | { kind: 'landing'; id: 'landing'; title: string; lead: string; cta: string; perks: string[] };

/** A quiz or landing variant: its questions and copy as data (one file in `src/variants/`). */
export interface Variant {
  /** The variant's name (000 §2.1), as analytics reports it. */
  name: string;
  /** The paths it serves and what each path hands over to (`/4901/chat` and `/4901/pricing` share quiz4901). */
  paths: Record<string, HandOver>;
  tone: Tone;
  /** Where the free matches and the landing's gallery come from. */
  product: FunnelProduct;
  /** The paywall opens as the quiz variants' 776 px modal with 'Your Special Discount Is Applied!' (001 §2). */
  discount: boolean;
  /** Defaults every answer builds on (a complete look, so the wizard can resume at its summary). */
  base: DraftPatch;
  steps: QuizStep[];
}
