import { useCallback, useEffect, useRef, useState } from 'react';
import {
  apiError,
  handleSpendError,
  useBus,
  useInvalidate,
  useMountProps,
  useRemoteLocation,
  useRemoteNavigate,
  useTrack,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { generateBatch, getBatch } from '../api/images-api.ts';
import type { BatchAnswer } from '../lib/batch.ts';
import {
  batchBody,
  batchPrice,
  choiceFromSearch,
  searchForChoice,
  type GeneratorChoice,
} from '../lib/options.ts';

const SOURCE = 'photo-generation';
/** How often a batch that is still being made is asked about after a reload. */
export const POLL_MS = 1500;
/** How often a batch being made is asked about for the photos already drawn (live progress, ADR 0228). */
export const PROGRESS_MS = 600;

/** The batch on screen. */
export interface RunState {
  batchId: string;
  requested: number;
  /** The final answer; null while the batch is being made. */
  answer: BatchAnswer | null;
  /** While it is being made: the photos stored so far (each slot fills as its photo is ready). */
  progress?: BatchAnswer | null;
}

/** A readable sentence for a refused generation (bad input never spends: the API checks before it charges). */
export function generationError(caught: unknown): string {
  const { status, code, field, kind } = apiError(caught);
  if (field === 'count') return 'Choose between 1 and 4 photos.';
  if (code === 'person_model_not_found' || status === 404)
    return 'This character no longer exists. Pick another one.';
  if (status === 403) return 'This character is private. Pick one of yours or a public one.';
  if (status === 400) return 'Some of these choices are not available. Check them and try again.';
  if (kind === 'fetch' || kind === 'timeout')
    return 'You seem to be offline. Check your connection and try again.';
  return 'We could not start the generation. Please try again.';
}

/**
 * The generator's state: the form lives in the page's query (so a reload, or coming back after buying tokens,
 * resumes it, 001 §2), a generation is named by the client and kept in the query as `batch` until it ends, and a
 * reload during generation picks the same batch up again without paying twice (API ADR 0181).
 */
export function useGenerator() {
  const bus = useBus();
  const transport = useTransport();
  const navigate = useRemoteNavigate();
  const invalidate = useInvalidate();
  const track = useTrack();
  const location = useRemoteLocation();
  const { history } = useMountProps();
  const { user, loggedIn } = useVisitor();
  const choice = choiceFromSearch(location.search);
  const unitPrice = user?.userPricingInfo.tokenPriceForImage ?? null;
  const [run, setRun] = useState<RunState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resumed = useRef<string | null>(null);
  const [retry, setRetry] = useState(0);
  // A generation outlives the page only on the server: once the page is gone, its answer changes nothing here.
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const setChoice = useCallback(
    (patch: Partial<GeneratorChoice>) => {
      // The history's own location, not this render's: two changes before a re-render must both stick.
      const current = history.location;
      const next = { ...choiceFromSearch(current.search), ...patch };
      void navigate({ pathname: current.pathname, search: searchForChoice(next) }, { replace: true });
    },
    [history, navigate],
  );

  const finish = useCallback(
    (answer: BatchAnswer) => {
      if (!alive.current) return;
      setRun({ batchId: answer.batchId, requested: answer.requested, answer });
      bus.publish('tokens:balance-refresh-requested', { source: SOURCE });
      invalidate('history|*');
      track('photo_generation_finished', {
        batch_id: answer.batchId,
        delivered: answer.images.length,
        refunded_tokens: answer.refundedTokens,
      });
      setChoice({ batch: null });
    },
    [bus, invalidate, setChoice, track],
  );

  const send = useCallback(
    async (current: GeneratorChoice, batchId: string) => {
      try {
        finish(await generateBatch(transport, batchBody(current, batchId)));
      } catch (caught) {
        if (!alive.current) return;
        const { code, kind } = apiError(caught);
        if (code === 'image_engine_failed') {
          finish(await getBatch(transport, batchId));
        } else if (
          handleSpendError(caught, bus, SOURCE, {
            request: 'photo',
            needed: unitPrice === null ? null : batchPrice(current.count, unitPrice),
          })
        ) {
          setRun(null);
          setChoice({ batch: null });
        } else if (kind === 'fetch' || kind === 'timeout') {
          // The request may still be running on the server: keep the batch and ask about it.
          resumed.current = null;
          setRetry((count) => count + 1);
        } else {
          setRun(null);
          setChoice({ batch: null });
          setError(generationError(caught));
        }
      }
    },
    [bus, finish, setChoice, transport, unitPrice],
  );

  const generate = () => {
    setError(null);
    if (!loggedIn) {
      bus.publish('auth:login-requested', { mode: 'login', source: SOURCE });
      return;
    }
    const batchId = crypto.randomUUID();
    track('photo_generation_started', {
      count: choice.count,
      pose: choice.pose,
      scene: choice.scene,
      outfit: choice.outfit,
    });
    resumed.current = batchId;
    setRun({ batchId, requested: choice.count, answer: null });
    setChoice({ batch: batchId });
    void send(choice, batchId);
  };

  // A batch in the query that this page did not start (a reload during generation): ask the API about it until it
  // ends; one it never received is sent again under the same id, which can only be paid once.
  useEffect(() => {
    const batchId = choice.batch;
    if (!batchId || !user || resumed.current === batchId) return;
    resumed.current = batchId;
    setRun((state) =>
      state?.batchId === batchId ? state : { batchId, requested: choice.count, answer: null },
    );
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await getBatch(transport, batchId);
        if (cancelled) return;
        if (answer.status === 'pending') {
          setRun({ batchId, requested: answer.requested, answer: null, progress: answer });
          timer = setTimeout(() => void poll(), POLL_MS);
        } else finish(answer);
      } catch (caught) {
        if (cancelled) return;
        if (apiError(caught).status === 404) void send(choiceFromSearch(history.location.search), batchId);
        else timer = setTimeout(() => void poll(), POLL_MS);
      }
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      if (resumed.current === batchId) resumed.current = null;
    };
  }, [choice.batch, choice.count, finish, history, send, transport, user, retry]);

  // Live progress: while a batch is being made, the photos the API has already stored fill their slots one by one.
  const making = run !== null && run.answer === null ? run.batchId : null;
  useEffect(() => {
    if (!making || !user) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const answer = await getBatch(transport, making);
        if (cancelled) return;
        if (answer.status === 'pending')
          setRun((state) =>
            state?.batchId === making && state.answer === null
              ? { ...state, requested: answer.requested, progress: answer }
              : state,
          );
      } catch {
        // Not recorded yet (the request is on its way) or a blip: the next tick asks again.
      }
      if (!cancelled) timer = setTimeout(() => void tick(), PROGRESS_MS);
    };
    timer = setTimeout(() => void tick(), PROGRESS_MS);
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [making, transport, user]);

  return {
    choice,
    setChoice,
    unitPrice,
    price: unitPrice === null ? null : batchPrice(choice.count, unitPrice),
    run,
    busy: run !== null && run.answer === null,
    error,
    generate,
    dismiss: () => setRun(null),
  };
}
