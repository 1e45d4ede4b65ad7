import { useId, type ReactNode } from 'react';
import { Image } from '@companion/ui';
import type { Option } from '../../../lib/draft/options.ts';
import * as styles from './choices.css.ts';

interface GroupProps {
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
  /** The field path, for tests and for scrolling to the first error. */
  field: string;
}

function Group({ legend, hint, error, children, field }: GroupProps) {
  const errorId = useId();
  return (
    <fieldset
      className={styles.group}
      data-field={field}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={styles.legend}>
        {legend}
        {hint ? <span className={styles.hint}>{hint}</span> : null}
      </legend>
      {children}
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One option of a single choice; the native input is hidden, its label is what shows. */
function Radio(props: {
  name: string;
  option: Option;
  selected: string | null;
  onPick(value: string): void;
}) {
  return (
    <input
      className={styles.nativeInput}
      type="radio"
      name={props.name}
      value={props.option.value}
      checked={props.selected === props.option.value}
      onChange={() => props.onPick(props.option.value)}
    />
  );
}

/** A single choice drawn as pictures (radio inputs: arrow keys move, space selects). */
export function TileChoice(props: {
  legend: string;
  field: string;
  options: readonly Option[];
  value: string | null;
  imageFor(value: string): string;
  onChange(value: string): void;
  error?: string | undefined;
  big?: boolean;
  /** `tall` shows the figure, `zoom` the eyes; default is the face. */
  framing?: 'face' | 'tall' | 'zoom';
}) {
  const framing = props.framing ?? (props.big ? 'tall' : 'face');
  const imageClass =
    framing === 'tall'
      ? `${styles.tileImage} ${styles.tallImage}`
      : framing === 'zoom'
        ? `${styles.tileImage} ${styles.zoomImage}`
        : styles.tileImage;
  const name = useId();
  return (
    <Group legend={props.legend} field={props.field} error={props.error}>
      <div className={props.big ? `${styles.tiles} ${styles.bigTiles}` : styles.tiles}>
        {props.options.map((option) => (
          <label key={option.value} className={styles.tile}>
            <Radio name={name} option={option} selected={props.value} onPick={props.onChange} />
            <Image
              className={imageClass}
              src={props.imageFor(option.value)}
              alt=""
              loading="lazy"
              width={512}
              height={768}
            />
            <span className={props.big ? `${styles.tileLabel} ${styles.bigLabel}` : styles.tileLabel}>
              {option.label}
            </span>
            <span className={styles.check} aria-hidden="true">
              ✓
            </span>
          </label>
        ))}
      </div>
    </Group>
  );
}

/** A single choice as chips (radio inputs). */
export function ChipChoice(props: {
  legend: string;
  field: string;
  options: readonly Option[];
  value: string | null;
  onChange(value: string | null): void;
  error?: string | undefined;
  hint?: string;
}) {
  const name = useId();
  return (
    <Group legend={props.legend} field={props.field} error={props.error} hint={props.hint}>
      <div className={styles.chips}>
        {props.options.map((option) => (
          <label key={option.value} className={styles.chip}>
            <Radio name={name} option={option} selected={props.value} onPick={props.onChange} />
            {option.label}
          </label>
        ))}
      </div>
    </Group>
  );
}

/** Several choices as chips (checkboxes), at most `max`. */
export function MultiChoice(props: {
  legend: string;
  field: string;
  options: readonly Option[];
  values: readonly string[];
  max: number;
  onChange(values: string[]): void;
  error?: string | undefined;
}) {
  const full = props.values.length >= props.max;
  return (
    <Group
      legend={props.legend}
      field={props.field}
      error={props.error}
      hint={`${props.values.length} of up to ${props.max}`}
    >
      <div className={styles.chips}>
        {props.options.map((option) => {
          const checked = props.values.includes(option.value);
          return (
            <label key={option.value} className={styles.chip}>
              <input
                className={styles.nativeInput}
                type="checkbox"
                value={option.value}
                checked={checked}
                disabled={!checked && full}
                onChange={() =>
                  props.onChange(
                    checked
                      ? props.values.filter((value) => value !== option.value)
                      : [...props.values, option.value],
                  )
                }
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </Group>
  );
}

/** A 0–100 trait slider. */
export function TraitSlider(props: {
  label: string;
  value: number;
  onChange(value: number): void;
  field: string;
}) {
  const id = useId();
  return (
    <div className={styles.slider} data-field={props.field}>
      <label className={styles.sliderHead} htmlFor={id}>
        <span>{props.label}</span>
        <span className={styles.sliderValue} aria-hidden="true">
          {props.value}
        </span>
      </label>
      <input
        id={id}
        className={styles.range}
        type="range"
        min={0}
        max={100}
        step={1}
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      />
    </div>
  );
}
