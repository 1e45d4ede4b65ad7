import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CharacterDraft } from '@companion/contracts';
import { useTrack } from '@companion/remote-kit';
import { Button, Image, ProgressBar, TokenCost } from '@companion/ui';
import { draftStore, emptyDraft, type StoredWizard } from '../../../lib/draft/draft.ts';
import {
  STEP_IDS,
  STEP_TEXT,
  firstInvalidStep,
  validateStep,
  type StepErrors,
  type StepId,
} from '../../../lib/draft/steps.ts';
import { tileUrl } from '../lib/tile-url.ts';
import { StepView } from './step-views.tsx';
import { Summary } from './summary.tsx';
import * as styles from './wizard.css.ts';

function initialState(): StoredWizard {
  return draftStore.read() ?? { version: 1, step: 'style', draft: emptyDraft() };
}

/** What the wizard's last button does; the page supplies it (the create feature). */
export interface WizardCreation {
  create(draft: CharacterDraft): Promise<{ step: StepId | null } | null>;
  creating: boolean;
  failure: { message: string } | null;
  price: number | null;
}

/** The character-creation wizard: steps over the 000 §3 draft, kept in session storage (ADR 0170). */
export function Wizard({
  adult,
  quickStart = false,
  creation,
  renderImport,
}: {
  adult: boolean;
  /**
   * `userFeatures.newCharacterCreationEntryPointV2` (000 §3): the one-tap entry. Picking a style on the first step
   * moves on to the next step at once, without a Next press (ADR 0225).
   */
  quickStart?: boolean;
  creation: WizardCreation;
  /** The first step's "start from a card" control; it hands back a draft. */
  renderImport?: (onImported: (draft: CharacterDraft) => void) => ReactNode;
}) {
  const track = useTrack();
  const [state, setState] = useState<StoredWizard>(initialState);
  const [errors, setErrors] = useState<StepErrors>({});
  const { create, creating, failure, price } = creation;
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const { step, draft } = state;
  const index = STEP_IDS.indexOf(step);

  useEffect(() => {
    track('character_creation_step_viewed', { step, step_number: index + 1 });
    // Focus follows a step change made here (not the first render), so keyboard and screen-reader users land on it.
    if (moved.current) heading.current?.focus();
  }, [step, index, track]);

  const save = useCallback((next: StoredWizard) => {
    setState(next);
    draftStore.write(next);
  }, []);

  const update = useCallback((change: (current: CharacterDraft) => CharacterDraft) => {
    setState((current) => {
      const next = { ...current, draft: change(current.draft) };
      draftStore.write(next);
      return next;
    });
    setErrors({});
  }, []);

  // The V2 entry point: the style tile is the whole first step, so a pick is also the step's Next.
  const updateStep =
    quickStart && step === 'style'
      ? (change: (current: CharacterDraft) => CharacterDraft) => {
          const picked = change(draft);
          if (!picked.style) return update(change);
          track('character_creation_step_completed', { step, step_number: 1, entry_point: 'v2' });
          moved.current = true;
          setErrors({});
          save({ ...state, step: STEP_IDS[1]!, draft: picked });
        }
      : update;

  const goTo = (target: StepId) => {
    moved.current = true;
    setErrors({});
    save({ ...state, step: target });
  };

  const next = async () => {
    const found = validateStep(step, draft, { adult });
    if (Object.keys(found).length > 0) {
      setErrors(found);
      track('character_creation_step_invalid', { step, fields: Object.keys(found).join(',') });
      return;
    }
    if (step !== 'summary') {
      track('character_creation_step_completed', { step, step_number: index + 1 });
      goTo(STEP_IDS[index + 1]!);
      return;
    }
    const invalid = firstInvalidStep(draft, { adult }, 'summary');
    if (invalid) {
      goTo(invalid);
      setErrors(validateStep(invalid, draft, { adult }));
      return;
    }
    const result = await create(draft);
    if (result?.step) goTo(result.step);
  };

  const back = () => {
    if (index > 0) goTo(STEP_IDS[index - 1]!);
  };

  const text = STEP_TEXT[step];
  const lastStep = step === 'summary';
  return (
    <div className={styles.layout}>
      <form
        className={styles.wizard}
        noValidate
        aria-labelledby="wizard-step-title"
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
      >
        <div className={styles.header}>
          <p className={styles.stepCount}>
            Step {index + 1} of {STEP_IDS.length}
          </p>
          <ProgressBar value={index + 1} max={STEP_IDS.length} label="Character creation progress" />
          <h2 id="wizard-step-title" className={styles.stepTitle} ref={heading} tabIndex={-1}>
            {text.title}
          </h2>
          <p className={styles.stepLead}>{text.lead}</p>
        </div>
        <div className={styles.body} data-step={step} data-entry-point={quickStart ? 'v2' : 'v1'}>
          {step === 'style' && renderImport
            ? renderImport((imported) => {
                moved.current = true;
                setErrors({});
                save({
                  version: 1,
                  step: firstInvalidStep(imported, { adult }, 'summary') ?? 'summary',
                  draft: imported,
                });
              })
            : null}
          {lastStep ? (
            <Summary draft={draft} adult={adult} onEdit={goTo} />
          ) : (
            <StepView step={step} draft={draft} errors={errors} adult={adult} update={updateStep} />
          )}
          {failure ? (
            <p role="alert" className={styles.failure}>
              {failure.message}
            </p>
          ) : null}
        </div>
        <div className={styles.footer}>
          <Button type="button" variant="secondary" onClick={back} disabled={index === 0 || creating}>
            Back
          </Button>
          <Button type="submit" loading={creating} className={styles.nextButton}>
            {lastStep ? (
              <>
                Create her
                {price !== null ? (
                  <span className={styles.price}>
                    <TokenCost amount={price} />
                  </span>
                ) : null}
              </>
            ) : (
              'Next'
            )}
          </Button>
        </div>
      </form>
      <aside className={styles.preview} aria-label="Preview">
        {draft.style ? (
          <Image
            loading="eager"
            className={styles.previewImage}
            src={tileUrl(draft, null, null, 'waist-up')}
            alt={`Preview of ${draft.name?.trim() || 'your character'}`}
            width={512}
            height={768}
          />
        ) : (
          <div className={styles.previewEmpty}>Your character appears here as you choose.</div>
        )}
        {draft.name?.trim() ? <p className={styles.previewName}>{draft.name.trim()}</p> : null}
      </aside>
      {creating ? (
        <div className={styles.creating} role="status">
          <Image
            loading="eager"
            className={styles.creatingImage}
            src={tileUrl(draft, null, null, 'waist-up')}
            alt=""
          />
          <p>Bringing {draft.name?.trim() || 'her'} to life…</p>
        </div>
      ) : null}
    </div>
  );
}
