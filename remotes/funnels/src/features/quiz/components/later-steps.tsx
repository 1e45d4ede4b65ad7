import { useEffect, useRef, useState } from 'react';
import { PATHS, wizardTileUrl, type PersonModel } from '@companion/contracts';
import { useBus, useRemoteNavigate, useTrack, useTransport } from '@companion/remote-kit';
import { Button, TextField } from '@companion/ui';
import type { VariantRoute } from '../../../variants/index.ts';
import type { QuizStep } from '../../../variants/types.ts';
import { firstImage } from '../../../lib/first-image.ts';
import { createLandingModel } from '../api/create-landing-model.ts';
import { advance, draftOf, fill, nameError, type QuizState } from '../lib/engine.ts';
import { handDraftToWizard } from '../lib/hand-over.ts';
import * as styles from './quiz.css.ts';

/** How long the generate step shows at least, so its lines can be read. */
const GENERATE_MS = 2400;

/** The steps after the questions: name, generate and landing, with the hand-over into the app. */
export default function LaterSteps({
  route,
  state,
  setState,
  headingRef,
}: {
  route: VariantRoute;
  state: QuizState;
  setState(next: QuizState): void;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { variant, handOver } = route;
  const step = variant.steps[state.index]!;
  const transport = useTransport();
  const [match, setMatch] = useState<PersonModel | null>(null);

  if (step.kind === 'name')
    return (
      <NameStep
        step={step}
        initial={state.name || draftOf(variant, state).name || ''}
        headingRef={headingRef}
        onName={(name) => setState(advance(variant, { ...state, name }))}
      />
    );
  if (step.kind === 'generate')
    return (
      <GenerateStep
        step={step}
        image={wizardTileUrl(draftOf(variant, state), 'waist-up')}
        work={async () => {
          // The match variants create her now (free, one per visitor); the others only draw her.
          if (handOver !== 'match') return;
          try {
            setMatch(await createLandingModel(transport, draftOf(variant, state)));
          } catch {
            setMatch(null);
          }
        }}
        onDone={() => setState(advance(variant, state))}
      />
    );
  if (step.kind === 'landing')
    return <Landing route={route} step={step} state={state} match={match} headingRef={headingRef} />;
  return null;
}

function NameStep({
  step,
  initial,
  headingRef,
  onName,
}: {
  step: Extract<QuizStep, { kind: 'name' }>;
  initial: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onName(name: string): void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = (value: string) => {
    const problem = nameError(value);
    setError(problem);
    if (!problem) onName(value.trim());
  };
  return (
    <form
      className={styles.column}
      aria-labelledby="quiz-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(name);
      }}
    >
      <h1 id="quiz-title" className={styles.title} ref={headingRef} tabIndex={-1}>
        {step.title}
      </h1>
      <p className={styles.lead}>{step.lead}</p>
      <div className={styles.chips}>
        {step.suggestions.map((suggestion) => (
          <button
            key={suggestion}
            type="button"
            className={styles.chip}
            aria-pressed={name === suggestion}
            onClick={() => {
              setName(suggestion);
              submit(suggestion);
            }}
          >
            {suggestion}
          </button>
        ))}
      </div>
      <TextField
        label="Her name"
        value={name}
        maxLength={40}
        autoComplete="off"
        error={error ?? undefined}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      <Button type="submit" size="lg" fullWidth>
        Continue
      </Button>
    </form>
  );
}

function GenerateStep({
  step,
  image,
  work,
  onDone,
}: {
  step: Extract<QuizStep, { kind: 'generate' }>;
  image: string;
  work(): Promise<void>;
  onDone(): void;
}) {
  const [done, setDone] = useState(0);
  const started = useRef(false);
  const callbacks = useRef({ work, onDone });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { work: run, onDone: finish } = callbacks.current;
    const ticks = step.lines.map((_, i) =>
      window.setTimeout(() => setDone(i + 1), ((i + 1) * GENERATE_MS) / (step.lines.length + 1)),
    );
    const minimum = new Promise((resolve) => window.setTimeout(resolve, GENERATE_MS));
    void Promise.all([run(), minimum]).then(finish);
    return () => ticks.forEach((tick) => window.clearTimeout(tick));
  }, [step.lines]);
  return (
    <section className={styles.generating} aria-live="polite" aria-labelledby="quiz-title">
      <img className={styles.generatingImage} src={image} alt="" width={512} height={683} />
      <h1 id="quiz-title" className={styles.title}>
        {step.title}
      </h1>
      <ul className={styles.lines}>
        {step.lines.map((line, i) => (
          <li key={line} className={styles.line} data-done={i < done}>
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Landing({
  route,
  step,
  state,
  match,
  headingRef,
}: {
  route: VariantRoute;
  step: Extract<QuizStep, { kind: 'landing' }>;
  state: QuizState;
  match: PersonModel | null;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { variant, handOver } = route;
  const bus = useBus();
  const track = useTrack();
  const navigate = useRemoteNavigate();
  const completed = useRef(false);
  const draft = draftOf(variant, state);
  const name = match?.firstName ?? draft.name ?? '';
  const image = firstImage(match) ?? wizardTileUrl(draft, 'waist-up');

  useEffect(() => {
    headingRef.current?.focus();
  }, [headingRef]);

  /** The hand-over: counted once as the quiz completed (the growth report's funnel step). */
  const complete = (target: string) => {
    if (!completed.current)
      track('quiz_completed', { variant: variant.name, hand_over: target, isLanding: true });
    completed.current = true;
  };
  const toWizard = () => {
    handDraftToWizard(draft);
    complete('wizard');
    navigate(PATHS.createCharacter.href());
  };
  const primary = () => {
    if (handOver === 'match' && match) {
      complete('chat');
      navigate(PATHS.chat.href({ modelId: match.id }));
    } else if (handOver === 'paywall') {
      // The draft waits for them in the wizard, whatever they decide in the paywall.
      handDraftToWizard(draft);
      complete('paywall');
      bus.publish('paywall:open-requested', {
        paywallType: 'subscription',
        source: `quiz_${variant.name}`,
        ...(variant.discount ? { presentation: 'quiz-discount' as const } : {}),
      });
    } else toWizard();
  };
  return (
    <section className={styles.hero} aria-labelledby="quiz-title" data-hand-over={handOver}>
      <div className={styles.heroMedia}>
        <img
          className={styles.heroImage}
          src={image}
          alt={name ? `${name}, your companion` : 'Your companion'}
          width={512}
          height={683}
        />
      </div>
      <div className={styles.heroHeading}>
        <h1 id="quiz-title" className={styles.title} ref={headingRef} tabIndex={-1}>
          {fill(step.title, name)}
        </h1>
      </div>
      <div className={styles.heroText}>
        <p className={styles.lead}>{fill(step.lead, name)}</p>
        <ul className={styles.perks}>
          {step.perks.map((perk) => (
            <li key={perk}>{perk}</li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Button size="lg" fullWidth onClick={primary}>
            {handOver === 'match' && !match ? `Continue with ${name || 'her'}` : fill(step.cta, name)}
          </Button>
          {handOver === 'paywall' ? (
            <Button variant="ghost" fullWidth onClick={toWizard}>
              Keep designing {name || 'her'}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
