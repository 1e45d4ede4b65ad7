import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { GRID_STEPS, WIDEST_COLUMNS } from '../lib/grid-layout.ts';

// Built from the same steps `columnsForWidth` reads (000 §2.4), so the CSS columns and the banner slots can never
// disagree: ≤550 → 2, ≤768 → 3, ≤1750 → 4, above → 5.
const GAP_BY_COLUMNS: Record<number, number> = { 2: 10, 3: 14, 4: 16, 5: 18 };
const columns = (count: number) => ({
  gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))`,
  gap: GAP_BY_COLUMNS[count] ?? 18,
});

function mediaSteps() {
  const steps: Record<string, ReturnType<typeof columns>> = {};
  const next = [...GRID_STEPS.slice(1).map(([, count]) => count), WIDEST_COLUMNS];
  GRID_STEPS.forEach(([maxWidth, count], i) => {
    const after = next[i]!;
    if (after !== count) steps[`screen and (min-width: ${maxWidth + 1}px)`] = columns(after);
  });
  return steps;
}

export const grid = style({ display: 'grid', ...columns(GRID_STEPS[0]![1]), '@media': mediaSteps() });

export const banner = style({ gridColumn: '1 / -1' });

export const empty = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: 240,
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  background: vars.color.surface,
});

export const emptyTitle = style({
  margin: 0,
  fontSize: vars.text.lg,
  fontWeight: 700,
  color: vars.color.textMuted,
});
