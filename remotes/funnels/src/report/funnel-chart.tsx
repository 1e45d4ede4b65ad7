import { MEDIA_MAX, useMediaQuery } from '@companion/ui';
import { rate, STAGES, type StageKey } from './funnel-math.ts';
import * as styles from './report.css.ts';

const ROW = 46;
const BAR = 30;
/** Drawn at the size it is shown (never scaled up), so its text stays at 12–13 px on a phone and on a desktop. */
const LAYOUT = { phone: { width: 340, label: 108 }, wide: { width: 720, label: 132 } };
/** Each stage a little lighter than the one before, so the drop reads at a glance. */
const OPACITY = [1, 0.86, 0.74, 0.62];

/**
 * The funnel as bars (hand-drawn SVG, no chart library): one bar per stage, its width the share of visitors, with
 * the count and the conversion from the stage before.
 */
export function FunnelChart({ counts }: { counts: Record<StageKey, number> }) {
  const { width: WIDTH, label: LABEL } = useMediaQuery(MEDIA_MAX.phone) ? LAYOUT.phone : LAYOUT.wide;
  const top = Math.max(counts.visitors, 1);
  const span = WIDTH - LABEL - 8;
  return (
    <svg
      className={styles.chart}
      style={{ maxWidth: WIDTH }}
      viewBox={`0 0 ${WIDTH} ${STAGES.length * ROW}`}
      role="img"
      aria-label={STAGES.map(({ key, label }) => `${label} ${counts[key]}`).join(', ')}
      data-testid="funnel-chart"
    >
      {STAGES.map(({ key, label }, index) => {
        const y = index * ROW + (ROW - BAR) / 2;
        const width = Math.max((counts[key] / top) * span, counts[key] > 0 ? 4 : 0);
        const previous = index > 0 ? counts[STAGES[index - 1]!.key] : null;
        const note = previous === null ? '' : ` · ${rate(counts[key], previous)}`;
        const inside = width > 110;
        return (
          <g key={key}>
            <text className={styles.chartLabel} x={0} y={y + BAR / 2 + 5}>
              {label}
            </text>
            <rect
              className={styles.chartBar}
              x={LABEL}
              y={y}
              width={width}
              height={BAR}
              rx={8}
              fillOpacity={OPACITY[index]}
            />
            <text
              className={inside ? styles.chartValueInside : styles.chartValue}
              x={inside ? LABEL + 12 : LABEL + width + 8}
              y={y + BAR / 2 + 4}
            >
              {`${counts[key]}${note}`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
