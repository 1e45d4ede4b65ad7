import type { ReactNode } from 'react';
import type { CharacterDraft } from '@companion/contracts';
import { TextField } from '@companion/ui';
import * as o from '../../../lib/draft/options.ts';
import type { StepErrors, StepId } from '../../../lib/draft/steps.ts';
import { tileUrl } from '../lib/tile-url.ts';
import { ChipChoice, MultiChoice, TileChoice, TraitSlider } from './choices.tsx';
import * as styles from './wizard.css.ts';

/** What every step view gets. */
export interface StepViewProps {
  draft: CharacterDraft;
  errors: StepErrors;
  adult: boolean;
  update(change: (draft: CharacterDraft) => CharacterDraft): void;
}

const set =
  <K extends keyof CharacterDraft>(key: K, value: CharacterDraft[K]) =>
  (draft: CharacterDraft): CharacterDraft => ({ ...draft, [key]: value });

type ChipField =
  'race' | 'personality' | 'connectionType' | 'marital' | 'occupation' | 'intention' | 'rolePlay' | 'voice';
type PictureField = 'ethnicity' | 'eyes' | 'hairStyle' | 'hairColor';
type ListField = 'features' | 'likeToTry' | 'hobby';

/** One draft field as a choice: its value, change and error come from the step's view. */
interface FieldChoice<F extends keyof CharacterDraft> {
  view: StepViewProps;
  legend: string;
  field: F;
  options: readonly o.Option[];
}

/** An optional field is marked so and shows no error. */
function FieldChips({ view, optional, ...choice }: FieldChoice<ChipField> & { optional?: boolean }) {
  return (
    <ChipChoice
      {...choice}
      hint={optional ? 'optional' : undefined}
      value={view.draft[choice.field]}
      onChange={(value) => view.update(set(choice.field, value))}
      error={optional ? undefined : view.errors[choice.field]}
    />
  );
}

function FieldTiles({ view, ...choice }: FieldChoice<PictureField> & { framing?: 'zoom' }) {
  return (
    <TileChoice
      {...choice}
      value={view.draft[choice.field]}
      imageFor={(value) => tileUrl(view.draft, choice.field, value)}
      onChange={(value) => view.update(set(choice.field, value))}
      error={view.errors[choice.field]}
    />
  );
}

function FieldList({ view, ...choice }: FieldChoice<ListField>) {
  return (
    <MultiChoice
      {...choice}
      values={view.draft[choice.field]}
      max={o.MAX_PICKS[choice.field]}
      onChange={(values) => view.update(set(choice.field, values))}
      error={view.errors[choice.field]}
    />
  );
}

const RELATIONSHIP_EXTRAS: readonly Omit<FieldChoice<ChipField>, 'view'>[] = [
  { legend: 'Relationship status', field: 'marital', options: o.MARITAL_STATUSES },
  { legend: 'Occupation', field: 'occupation', options: o.OCCUPATIONS },
  { legend: 'What brings you here', field: 'intention', options: o.INTENTIONS },
  { legend: 'Role-play', field: 'rolePlay', options: o.ROLE_PLAYS },
];

const ADULT_SIZES = [
  { legend: 'Breast size', key: 'breast', options: o.BREAST_SIZES },
  { legend: 'Butt size', key: 'butt', options: o.BUTT_SIZES },
] as const;

const TRAITS = [
  { label: 'Libido', key: 'libido', adultOnly: false },
  { label: 'Kink', key: 'kink', adultOnly: true },
  { label: 'Nudity', key: 'nudity', adultOnly: true },
] as const;

function StyleStep({ draft, errors, update }: StepViewProps) {
  return (
    <TileChoice
      big
      legend="Style"
      field="style"
      options={o.STYLES}
      value={draft.style}
      imageFor={(value) => tileUrl({ ...draft, style: value as 'anime' }, null, null, 'waist-up')}
      onChange={(value) => update(set('style', value as CharacterDraft['style']))}
      error={errors.style}
    />
  );
}

function FaceStep(props: StepViewProps) {
  const { draft, errors, update } = props;
  return (
    <>
      <div className={styles.narrow}>
        <TextField
          label={`Age (${o.AGE.min}–${o.AGE.max})`}
          type="number"
          inputMode="numeric"
          min={o.AGE.min}
          max={o.AGE.max}
          step={1}
          value={draft.age ?? ''}
          error={errors.age ?? null}
          onChange={(event) => {
            const raw = event.target.value;
            update(set('age', raw === '' ? null : Number(raw)));
          }}
        />
      </div>
      <FieldTiles view={props} legend="Ethnicity" field="ethnicity" options={o.ETHNICITIES} />
      {draft.style === 'anime' ? (
        <FieldChips view={props} legend="Race" field="race" options={o.RACES} optional />
      ) : null}
      <FieldTiles view={props} legend="Eye colour" field="eyes" options={o.EYE_COLORS} framing="zoom" />
    </>
  );
}

function HairStep(props: StepViewProps) {
  return (
    <>
      <FieldTiles view={props} legend="Hair style" field="hairStyle" options={o.HAIR_STYLES} />
      <FieldTiles view={props} legend="Hair colour" field="hairColor" options={o.HAIR_COLORS} />
    </>
  );
}

function BodyStep(props: StepViewProps) {
  const { draft, errors, adult, update } = props;
  const body = (key: keyof CharacterDraft['body'], value: string | null) =>
    update((current) => ({ ...current, body: { ...current.body, [key]: value } }));
  return (
    <>
      <TileChoice
        legend="Body type"
        field="body.body"
        options={o.BODY_TYPES}
        value={draft.body.body}
        framing="tall"
        imageFor={(value) => tileUrl(draft, 'body', value, 'standing')}
        onChange={(value) => body('body', value)}
        error={errors['body.body']}
      />
      {adult
        ? ADULT_SIZES.map(({ legend, key, options }) => (
            <ChipChoice
              key={key}
              legend={legend}
              hint="optional"
              field={`body.${key}`}
              options={options}
              value={draft.body[key]}
              onChange={(value) => body(key, value)}
            />
          ))
        : null}
      <FieldList view={props} legend="Features" field="features" options={o.FEATURES} />
    </>
  );
}

function PersonalityStep(props: StepViewProps) {
  const { draft, adult, update } = props;
  const trait = (key: keyof CharacterDraft['traits']) => (value: number) =>
    update((current) => ({ ...current, traits: { ...current.traits, [key]: value } }));
  return (
    <>
      <FieldChips view={props} legend="Personality" field="personality" options={o.PERSONALITIES} />
      <div className={styles.sliders}>
        {TRAITS.filter(({ adultOnly }) => adult || !adultOnly).map(({ label, key }) => (
          <TraitSlider
            key={key}
            label={label}
            field={`traits.${key}`}
            value={draft.traits[key]}
            onChange={trait(key)}
          />
        ))}
      </div>
    </>
  );
}

function RelationshipStep(props: StepViewProps) {
  const likeToTry = props.adult
    ? o.LIKE_TO_TRY
    : o.LIKE_TO_TRY.filter((option) => !o.ADULT_LIKE_TO_TRY.has(option.value));
  return (
    <>
      <FieldChips view={props} legend="She is your" field="connectionType" options={o.CONNECTION_TYPES} />
      {RELATIONSHIP_EXTRAS.map((choice) => (
        <FieldChips key={choice.field} view={props} {...choice} optional />
      ))}
      <FieldList view={props} legend="You'd like to try" field="likeToTry" options={likeToTry} />
      <FieldList view={props} legend="Hobbies" field="hobby" options={o.HOBBIES} />
    </>
  );
}

function NameStep(props: StepViewProps) {
  const { draft, errors, update } = props;
  return (
    <>
      <div className={styles.narrow}>
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={o.NAME_MAX + 10}
          placeholder="e.g. Mia"
          value={draft.name ?? ''}
          error={errors.name ?? null}
          onChange={(event) => update(set('name', event.target.value))}
        />
      </div>
      <FieldChips view={props} legend="Voice" field="voice" options={o.VOICES} optional />
    </>
  );
}

const STEP_VIEWS: Record<Exclude<StepId, 'summary'>, (props: StepViewProps) => ReactNode> = {
  style: StyleStep,
  face: FaceStep,
  hair: HairStep,
  body: BodyStep,
  personality: PersonalityStep,
  relationship: RelationshipStep,
  name: NameStep,
};

/** The form of one step (the summary has its own component). */
export function StepView({ step, ...props }: StepViewProps & { step: Exclude<StepId, 'summary'> }) {
  const View = STEP_VIEWS[step];
  return <View {...props} />;
}
