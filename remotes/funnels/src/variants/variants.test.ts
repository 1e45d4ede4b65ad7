// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MARKETING_PAGES, PATHS } from '@companion/contracts';
import {
  START,
  answer,
  advance,
  draftOf,
  missingDraftFields,
  variantProblems,
} from '../features/quiz/lib/engine.ts';
import { VARIANTS, variantForPath, variantPaths } from './index.ts';

// 000 §2.1 "Funnel and quiz variant names".
const SPEC_VARIANT_NAMES = [
  'quickdate-honey-gray',
  'quickdate-honey-black',
  'quickdate-anime',
  'generation-gray',
  'generation-sfw',
  'generation-nsfw',
  'generation-anime',
  'eve-black',
  'quiz-fb',
  'quiz1801',
  'quiz2301',
  'quiz4201',
  'quiz4202',
  'quiz4901',
  'quiz4902',
  'quiz4902-t',
  'quiz2901',
];

describe('variant data', () => {
  it.each(VARIANTS.map((variant) => [variant.name, variant] as const))(
    '%s should be a valid quiz',
    (_, variant) => {
      expect(variantProblems(variant)).toEqual([]);
    },
  );

  it.each(VARIANTS.map((variant) => [variant.name, variant] as const))(
    '%s should hand the wizard a complete draft whichever answer is picked',
    (_, variant) => {
      for (const step of variant.steps) {
        if (step.kind !== 'choice') continue;
        for (const option of step.options) {
          let state = advance(variant, START);
          state = answer(variant, state, step.id, option.value);
          const draft = draftOf(variant, { ...state, name: 'Mia' });
          expect(missingDraftFields(draft), `${step.id}=${option.value}`).toEqual([]);
          expect(draft.traits).toEqual(expect.objectContaining({ kink: expect.any(Number) }));
        }
      }
    },
  );

  it('should have every variant name of the spec, each once', () => {
    const names = VARIANTS.map((variant) => variant.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of SPEC_VARIANT_NAMES) expect(names).toContain(name);
  });

  it('should serve every marketing and source page, each path by one variant', () => {
    const paths = variantPaths();
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of MARKETING_PAGES) expect(variantForPath(page), page).not.toBeNull();
    expect(variantForPath('/4901/chat')?.handOver).toBe('match');
    expect(variantForPath('/4901/pricing/')?.variant.name).toBe('quiz4901');
    expect(variantForPath('/nope')).toBeNull();
  });

  it('should end two variants on the discount paywall (001 §2)', () => {
    const discount = VARIANTS.filter((variant) => variant.discount);
    expect(discount.map((variant) => variant.name).sort()).toEqual(['quiz-fb', 'quiz4901']);
    for (const variant of discount) expect(Object.values(variant.paths)).toContain('paywall');
  });

  it('should declare every path it serves in package.json companion.routes', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      companion: { routes: string[] };
    };
    expect([...pkg.companion.routes].sort()).toEqual(
      // `/funnel-report`: the growth team's report page, not a quiz.
      [...variantPaths(), PATHS.affiliates.pattern, PATHS.chatLanding.pattern, '/funnel-report'].sort(),
    );
  });
});
