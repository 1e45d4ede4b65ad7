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

function FaceStep({ draft, errors, update }: StepViewProps) {
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
      <TileChoice
        legend="Ethnicity"
        field="ethnicity"
        options={o.ETHNICITIES}
        value={draft.ethnicity}
        imageFor={(value) => tileUrl(draft, 'ethnicity', value)}
        onChange={(value) => update(set('ethnicity', value))}
        error={errors.ethnicity}
      />
      {draft.style === 'anime' ? (
        <ChipChoice
          legend="Race"
          hint="optional"
          field="race"
          options={o.RACES}
          value={draft.race}
          onChange={(value) => update(set('race', value))}
        />
      ) : null}
      <TileChoice
        legend="Eye colour"
        field="eyes"
        options={o.EYE_COLORS}
        value={draft.eyes}
        framing="zoom"
        imageFor={(value) => tileUrl(draft, 'eyes', value)}
        onChange={(value) => update(set('eyes', value))}
        error={errors.eyes}
      />
    </>
  );
}

function HairStep({ draft, errors, update }: StepViewProps) {
  return (
    <>
      <TileChoice
        legend="Hair style"
        field="hairStyle"
        options={o.HAIR_STYLES}
        value={draft.hairStyle}
        imageFor={(value) => tileUrl(draft, 'hairStyle', value)}
        onChange={(value) => update(set('hairStyle', value))}
        error={errors.hairStyle}
      />
      <TileChoice
        legend="Hair colour"
        field="hairColor"
        options={o.HAIR_COLORS}
        value={draft.hairColor}
        imageFor={(value) => tileUrl(draft, 'hairColor', value)}
        onChange={(value) => update(set('hairColor', value))}
        error={errors.hairColor}
      />
    </>
  );
}

function BodyStep({ draft, errors, adult, update }: StepViewProps) {
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
      {adult ? (
        <>
          <ChipChoice
            legend="Breast size"
            hint="optional"
            field="body.breast"
            options={o.BREAST_SIZES}
            value={draft.body.breast}
            onChange={(value) => body('breast', value)}
          />
          <ChipChoice
            legend="Butt size"
            hint="optional"
            field="body.butt"
            options={o.BUTT_SIZES}
            value={draft.body.butt}
            onChange={(value) => body('butt', value)}
          />
        </>
      ) : null}
      <MultiChoice
        legend="Features"
        field="features"
        options={o.FEATURES}
        values={draft.features}
        max={o.MAX_PICKS.features}
        onChange={(values) => update(set('features', values))}
        error={errors.features}
      />
    </>
  );
}

function PersonalityStep({ draft, errors, adult, update }: StepViewProps) {
  const trait = (key: keyof CharacterDraft['traits']) => (value: number) =>
    update((current) => ({ ...current, traits: { ...current.traits, [key]: value } }));
  return (
    <>
      <ChipChoice
        legend="Personality"
        field="personality"
        options={o.PERSONALITIES}
        value={draft.personality}
        onChange={(value) => update(set('personality', value))}
        error={errors.personality}
      />
      <div className={styles.sliders}>
        <TraitSlider
          label="Libido"
          field="traits.libido"
          value={draft.traits.libido}
          onChange={trait('libido')}
        />
        {adult ? (
          <>
            <TraitSlider
              label="Kink"
              field="traits.kink"
              value={draft.traits.kink}
              onChange={trait('kink')}
            />
            <TraitSlider
              label="Nudity"
              field="traits.nudity"
              value={draft.traits.nudity}
              onChange={trait('nudity')}
            />
          </>
        ) : null}
      </div>
    </>
  );
}

function RelationshipStep({ draft, errors, adult, update }: StepViewProps) {
  const likeToTry = adult
    ? o.LIKE_TO_TRY
    : o.LIKE_TO_TRY.filter((option) => !o.ADULT_LIKE_TO_TRY.has(option.value));
  return (
    <>
      <ChipChoice
        legend="She is your"
        field="connectionType"
        options={o.CONNECTION_TYPES}
        value={draft.connectionType}
        onChange={(value) => update(set('connectionType', value))}
        error={errors.connectionType}
      />
      <ChipChoice
        legend="Relationship status"
        hint="optional"
        field="marital"
        options={o.MARITAL_STATUSES}
        value={draft.marital}
        onChange={(value) => update(set('marital', value))}
      />
      <ChipChoice
        legend="Occupation"
        hint="optional"
        field="occupation"
        options={o.OCCUPATIONS}
        value={draft.occupation}
        onChange={(value) => update(set('occupation', value))}
      />
      <ChipChoice
        legend="What brings you here"
        hint="optional"
        field="intention"
        options={o.INTENTIONS}
        value={draft.intention}
        onChange={(value) => update(set('intention', value))}
      />
      <ChipChoice
        legend="Role-play"
        hint="optional"
        field="rolePlay"
        options={o.ROLE_PLAYS}
        value={draft.rolePlay}
        onChange={(value) => update(set('rolePlay', value))}
      />
      <MultiChoice
        legend="You'd like to try"
        field="likeToTry"
        options={likeToTry}
        values={draft.likeToTry}
        max={o.MAX_PICKS.likeToTry}
        onChange={(values) => update(set('likeToTry', values))}
        error={errors.likeToTry}
      />
      <MultiChoice
        legend="Hobbies"
        field="hobby"
        options={o.HOBBIES}
        values={draft.hobby}
        max={o.MAX_PICKS.hobby}
        onChange={(values) => update(set('hobby', values))}
        error={errors.hobby}
      />
    </>
  );
}

function NameStep({ draft, errors, update }: StepViewProps) {
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
      <ChipChoice
        legend="Voice"
        hint="optional"
        field="voice"
        options={o.VOICES}
        value={draft.voice}
        onChange={(value) => update(set('voice', value))}
      />
    </>
  );
}

/** The form of one step (the summary has its own component). */
export function StepView(props: StepViewProps & { step: Exclude<StepId, 'summary'> }) {
  switch (props.step) {
    case 'style':
      return <StyleStep {...props} />;
    case 'face':
      return <FaceStep {...props} />;
    case 'hair':
      return <HairStep {...props} />;
    case 'body':
      return <BodyStep {...props} />;
    case 'personality':
      return <PersonalityStep {...props} />;
    case 'relationship':
      return <RelationshipStep {...props} />;
    case 'name':
      return <NameStep {...props} />;
  }
}
