import type { PersonModel } from '@companion/contracts';
import {
  Button,
  CREATE_GLYPH,
  Glyph,
  Image,
  SegmentedControl,
  TokenCost,
  VisuallyHidden,
  type SegmentOption,
} from '@companion/ui';
import {
  COUNTS,
  HAIR_COLORS,
  OUTFITS,
  POSES,
  SCENES,
  STYLES,
  type Count,
  type GeneratorChoice,
} from '../lib/options.ts';
import * as styles from './generator.css.ts';
import * as results from './results.css.ts';

const COUNT_OPTIONS = COUNTS.map((count) => ({ value: String(count), label: String(count) }));

/** One labelled row of chips (style, hair colour, pose, outfit, scene, count). */
function ChipField<V extends string>(props: {
  label: string;
  options: readonly SegmentOption<V>[];
  value: V;
  onChange(value: V): void;
}) {
  return (
    <div className={styles.field}>
      <span className={styles.legend} aria-hidden="true">
        {props.label}
      </span>
      <SegmentedControl
        label={props.label}
        className={styles.chips}
        options={props.options}
        value={props.value}
        onChange={props.onChange}
      />
    </div>
  );
}

function coverOf(model: PersonModel): string | null {
  const first = model.bodyImages[0];
  if (!first) return model.paywallImage;
  return typeof first === 'string' ? first : first.imageUrl;
}

/** The generator's choices: a character (or a new look), pose, outfit, scene, count, and the priced Generate button. */
export function GeneratorForm({
  choice,
  characters,
  price,
  busy,
  error,
  onChange,
  onGenerate,
}: {
  choice: GeneratorChoice;
  characters: PersonModel[] | null;
  price: number | null;
  busy: boolean;
  error: string | null;
  onChange(patch: Partial<GeneratorChoice>): void;
  onGenerate(): void;
}) {
  const photos = choice.count === 1 ? '1 photo' : `${choice.count} photos`;
  return (
    <form
      className={styles.panel}
      aria-label="Photo generator"
      onSubmit={(event) => {
        event.preventDefault();
        onGenerate();
      }}
    >
      <fieldset className={styles.field}>
        <legend className={styles.legend}>Character</legend>
        <ul className={styles.characters} data-testid="character-picker">
          <li>
            <button
              type="button"
              className={styles.tile}
              aria-pressed={choice.character === null}
              onClick={() => onChange({ character: null })}
            >
              <span className={styles.newLook} aria-hidden="true">
                <Glyph glyph={CREATE_GLYPH} size={26} />
              </span>
              <span className={styles.tileName}>New look</span>
            </button>
          </li>
          {(characters ?? []).map((model) => (
            <li key={model.id}>
              <button
                type="button"
                className={styles.tile}
                aria-pressed={choice.character === model.id}
                data-testid="character-tile"
                data-id={model.id}
                onClick={() => onChange({ character: model.id })}
              >
                <Image src={coverOf(model)} alt="" className={styles.avatar} width={72} height={96} />
                <span className={styles.tileName}>{model.firstName}</span>
              </button>
            </li>
          ))}
        </ul>
      </fieldset>

      {choice.character === null ? (
        <>
          <ChipField
            label="Style"
            options={STYLES}
            value={choice.style}
            onChange={(style) => onChange({ style })}
          />
          <ChipField
            label="Hair colour"
            options={HAIR_COLORS}
            value={choice.hairColor}
            onChange={(hairColor) => onChange({ hairColor })}
          />
        </>
      ) : null}
      <ChipField label="Pose" options={POSES} value={choice.pose} onChange={(pose) => onChange({ pose })} />
      <ChipField
        label="Outfit"
        options={OUTFITS}
        value={choice.outfit}
        onChange={(outfit) => onChange({ outfit })}
      />
      <ChipField
        label="Scene"
        options={SCENES}
        value={choice.scene}
        onChange={(scene) => onChange({ scene })}
      />
      <ChipField
        label="Number of photos"
        options={COUNT_OPTIONS}
        value={String(choice.count)}
        onChange={(count) => onChange({ count: Number(count) as Count })}
      />

      {error ? (
        <p className={results.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.generate}>
        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={busy}
          disabled={price === null}
          data-testid="generate-button"
        >
          Generate {photos}
          {price === null ? null : (
            <>
              {' '}
              <VisuallyHidden>for</VisuallyHidden> <TokenCost amount={price} />
            </>
          )}
        </Button>
        <p className={styles.priceNote}>Photos that fail are refunded automatically.</p>
      </div>
    </form>
  );
}
