import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { wizardTileUrl } from '@companion/contracts';
import { useTrack } from '@companion/remote-kit';
import { Button, ProgressBar } from '@companion/ui';
import type { VariantRoute } from '../../../variants/index.ts';
import type { QuizStep } from '../../../variants/types.ts';
import { START, advance, answer, back, previewOf, questionCount, type QuizState } from '../lib/engine.ts';
import { heroLook } from '../lib/hero-look.ts';
import * as styles from './quiz.css.ts';

// Name, generate and landing (and everything they call) load after the first question is on screen.
const loadLaterSteps = () => import('./later-steps.tsx');
const LaterSteps = lazy(loadLaterSteps);

/** One quiz or landing variant: its steps from data, one at a time (000 §2.1 character-quiz steps). */
export function Quiz({ route }: { route: VariantRoute }) {
  const { variant } = route;
  const track = useTrack();
  const [state, setState] = useState<QuizState>(START);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const step = variant.steps[state.index]!;
  const total = questionCount(variant);

  useEffect(() => {
    track('quiz_started', { variant: variant.name, step_count: total, isLanding: true });
  }, [track, variant.name, total]);

  useEffect(() => {
    if (state.index > 0)
      track('quiz_step_viewed', { variant: variant.name, step: step.id, step_number: state.index + 1 });
    if (moved.current) heading.current?.focus();
  }, [track, variant.name, step.id, state.index]);

  const go = (next: QuizState) => {
    moved.current = true;
    // Warm the later steps while the visitor reads the next question.
    void loadLaterSteps();
    setState(next);
  };

  const showTop = step.kind !== 'welcome' && step.kind !== 'generate';
  const wideStep = step.kind === 'welcome' || step.kind === 'landing';
  return (
    <div
      className={`${styles.page} ${styles.tone[variant.tone]}`}
      data-testid="quiz"
      data-variant={variant.name}
      data-step={step.id}
    >
      <div className={`${styles.column} ${wideStep ? styles.wide : ''}`}>
        {showTop ? (
          <div className={styles.topBar}>
            {step.kind === 'landing' ? null : (
              <button
                type="button"
                className={styles.backButton}
                aria-label="Back"
                onClick={() => go(back(state))}
              >
                ←
              </button>
            )}
            <ProgressBar
              className={styles.progress}
              value={Math.min(state.index, total)}
              max={total}
              label="Quiz progress"
            />
            {state.index < total ? (
              <span className={styles.stepCount}>
                {state.index} / {total - 1}
              </span>
            ) : null}
          </div>
        ) : null}
        {step.kind === 'welcome' ? (
          <Welcome
            step={step}
            image={wizardTileUrl(previewOf(variant, state, heroLook(variant)), 'waist-up')}
            onStart={() => go(advance(variant, state))}
          />
        ) : step.kind === 'choice' ? (
          <Choice
            step={step}
            chosen={state.answers[step.id] ?? null}
            headingRef={heading}
            picture={(patch) => wizardTileUrl(previewOf(variant, state, patch))}
            onAnswer={(value) => go(answer(variant, state, step.id, value))}
          />
        ) : (
          <Suspense fallback={<div className={styles.fallback} aria-busy="true" />}>
            <LaterSteps route={route} state={state} setState={go} headingRef={heading} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

function Welcome({
  step,
  image,
  onStart,
}: {
  step: Extract<QuizStep, { kind: 'welcome' }>;
  image: string;
  onStart(): void;
}) {
  return (
    <section className={styles.hero} aria-labelledby="quiz-title">
      <div className={styles.heroMedia}>
        <img className={styles.heroImage} src={image} alt="" width={512} height={683} fetchPriority="high" />
      </div>
      <div className={styles.heroHeading}>
        <span className={styles.eyebrow}>{step.eyebrow}</span>
        <h1 id="quiz-title" className={styles.title}>
          {step.title}
        </h1>
      </div>
      <div className={styles.heroText}>
        <p className={styles.lead}>{step.lead}</p>
        <Button size="lg" fullWidth onClick={onStart}>
          {step.cta}
        </Button>
        <ul className={styles.perks}>
          {step.perks.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Choice({
  step,
  chosen,
  headingRef,
  picture,
  onAnswer,
}: {
  step: Extract<QuizStep, { kind: 'choice' }>;
  chosen: string | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  picture(patch: Extract<QuizStep, { kind: 'choice' }>['options'][number]['patch']): string;
  onAnswer(value: string): void;
}) {
  // What every answer button carries, in either layout: pressed when chosen, its value for the tests and reports.
  const answer = (value: string) => ({
    type: 'button' as const,
    'aria-pressed': chosen === value,
    'data-answer': value,
    onClick: () => onAnswer(value),
  });
  return (
    <section aria-labelledby="quiz-title" className={styles.column}>
      <h1 id="quiz-title" className={styles.title} ref={headingRef} tabIndex={-1}>
        {step.title}
      </h1>
      {step.lead ? <p className={styles.lead}>{step.lead}</p> : null}
      {step.layout === 'pictures' ? (
        <div className={styles.pictures}>
          {step.options.map((option) => (
            <button key={option.value} {...answer(option.value)} className={styles.pictureAnswer}>
              <img
                className={styles.pictureImage}
                src={picture(option.patch)}
                alt=""
                width={256}
                height={341}
              />
              <span className={styles.pictureLabel}>{option.label}</span>
            </button>
          ))}
        </div>
      ) : (
        <div className={styles.list}>
          {step.options.map((option) => (
            <button key={option.value} {...answer(option.value)} className={styles.listAnswer}>
              {option.emoji ? (
                <span className={styles.emoji} aria-hidden="true">
                  {option.emoji}
                </span>
              ) : null}
              <span className={styles.answerText}>
                <span className={styles.answerLabel}>{option.label}</span>
                {option.hint ? <span className={styles.answerHint}>{option.hint}</span> : null}
              </span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
