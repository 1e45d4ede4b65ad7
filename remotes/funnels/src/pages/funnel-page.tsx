import { Quiz } from '../features/quiz/components/quiz.tsx';
import { variantForPath } from '../variants/index.ts';

/** A quiz or landing variant by its path (000 §2.1 marketing and source pages). */
export default function FunnelPage({ path }: { path: string }) {
  const route = variantForPath(path);
  // The shell routes only this remote's paths here; any other path means the visitor is leaving (the hand-over
  // navigates before the shell swaps the outlet), so nothing flashes in between.
  if (!route) return null;
  // A new variant mounts a fresh quiz (state starts over).
  return <Quiz key={route.variant.name + path} route={route} />;
}
