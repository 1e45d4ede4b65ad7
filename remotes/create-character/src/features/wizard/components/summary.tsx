import type { CharacterDraft } from '@companion/contracts';
import * as o from '../../../lib/draft/options.ts';
import { STEP_TEXT, type StepId } from '../../../lib/draft/steps.ts';
import * as styles from './wizard.css.ts';

const many = (options: readonly o.Option[], values: readonly string[]) =>
  values.length ? values.map((value) => o.labelOf(options, value)).join(', ') : '—';

/** Every choice of the draft, per step, each with a way back to change it. */
export function Summary({
  draft,
  adult,
  onEdit,
}: {
  draft: CharacterDraft;
  adult: boolean;
  onEdit(step: StepId): void;
}) {
  const sections: [StepId, [string, string][]][] = [
    ['style', [['Style', o.labelOf(o.STYLES, draft.style)]]],
    [
      'face',
      [
        ['Age', draft.age === null ? '—' : String(draft.age)],
        ['Ethnicity', o.labelOf(o.ETHNICITIES, draft.ethnicity)],
        ...(draft.style === 'anime'
          ? ([['Race', o.labelOf(o.RACES, draft.race)]] as [string, string][])
          : []),
        ['Eyes', o.labelOf(o.EYE_COLORS, draft.eyes)],
      ],
    ],
    [
      'hair',
      [
        ['Hair style', o.labelOf(o.HAIR_STYLES, draft.hairStyle)],
        ['Hair colour', o.labelOf(o.HAIR_COLORS, draft.hairColor)],
      ],
    ],
    [
      'body',
      [
        ['Body', o.labelOf(o.BODY_TYPES, draft.body.body)],
        ...(adult
          ? ([
              ['Breast', o.labelOf(o.BREAST_SIZES, draft.body.breast)],
              ['Butt', o.labelOf(o.BUTT_SIZES, draft.body.butt)],
            ] as [string, string][])
          : []),
        ['Features', many(o.FEATURES, draft.features)],
      ],
    ],
    [
      'personality',
      [
        ['Personality', o.labelOf(o.PERSONALITIES, draft.personality)],
        [
          'Traits',
          adult
            ? `Libido ${draft.traits.libido} · Kink ${draft.traits.kink} · Nudity ${draft.traits.nudity}`
            : `Libido ${draft.traits.libido}`,
        ],
      ],
    ],
    [
      'relationship',
      [
        ['She is your', o.labelOf(o.CONNECTION_TYPES, draft.connectionType)],
        ['Status', o.labelOf(o.MARITAL_STATUSES, draft.marital)],
        ['Occupation', o.labelOf(o.OCCUPATIONS, draft.occupation)],
        ['Here for', o.labelOf(o.INTENTIONS, draft.intention)],
        ['Role-play', o.labelOf(o.ROLE_PLAYS, draft.rolePlay)],
        ['Would like to try', many(o.LIKE_TO_TRY, draft.likeToTry)],
        ['Hobbies', many(o.HOBBIES, draft.hobby)],
      ],
    ],
    [
      'name',
      [
        ['Name', draft.name?.trim() || '—'],
        ['Voice', o.labelOf(o.VOICES, draft.voice)],
      ],
    ],
  ];
  return (
    <div className={styles.summary}>
      {sections.map(([step, rows]) => (
        <section key={step} className={styles.summarySection} aria-label={STEP_TEXT[step].title}>
          <dl className={styles.summaryList}>
            {rows.map(([term, value]) => (
              <div key={term} className={styles.summaryRow}>
                <dt className={styles.summaryTerm}>{term}</dt>
                <dd className={styles.summaryValue}>{value}</dd>
              </div>
            ))}
          </dl>
          <button
            type="button"
            className={styles.editButton}
            onClick={() => onEdit(step)}
            aria-label={`Edit ${STEP_TEXT[step].title.toLowerCase()}`}
          >
            Edit
          </button>
        </section>
      ))}
    </div>
  );
}
