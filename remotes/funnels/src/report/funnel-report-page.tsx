import { useState } from 'react';
import { apiError, useResource, useVisitor } from '@companion/remote-kit';
import { Button, Skeleton, TextField } from '@companion/ui';
import { FunnelChart } from './funnel-chart.tsx';
import { isoDay, rate, STAGES, totals } from './funnel-math.ts';
import { getFunnelReport, type FunnelRow } from './report-api.ts';
import * as styles from './report.css.ts';

/** The default range: the last seven days, today included. */
const DEFAULT_DAYS = 6;

/**
 * `/funnel-report` (admins only): per quiz variant and utm source over a date range, visitors → quiz completed →
 * paywall shown → purchase, with conversion rates and a chart. The API answers 403 to anyone else.
 */
export default function FunnelReportPage() {
  const visitor = useVisitor();
  const [draft, setDraft] = useState(() => ({
    from: isoDay(new Date(), DEFAULT_DAYS),
    to: isoDay(new Date()),
  }));
  const [range, setRange] = useState(draft);
  const userId = visitor.session?.userId ?? null;
  const report = useResource(
    userId ? `funnel-report|${userId}|${range.from}|${range.to}` : null,
    (t) => getFunnelReport(t, range.from, range.to),
    { keepPrevious: true },
  );
  const failure = report.status === 'error' ? apiError(report.error) : null;
  const rows = report.data?.rows ?? null;
  const sum = rows ? totals(rows) : null;

  return (
    <main className={styles.page} data-testid="funnel-report">
      <header className={styles.header}>
        <h1 className={styles.title}>Funnel report</h1>
        <p className={styles.lead}>
          Visitors who started a quiz, by funnel variant and utm source: how many completed it, saw a paywall
          and bought.
        </p>
      </header>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.from && draft.to) setRange(draft);
          else report.refetch();
        }}
      >
        <div className={styles.dateField}>
          <TextField
            label="From"
            type="date"
            value={draft.from}
            max={draft.to}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className={styles.dateField}>
          <TextField
            label="To"
            type="date"
            value={draft.to}
            min={draft.from}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <Button type="submit" variant="primary" disabled={report.refetching}>
          Show
        </Button>
      </form>
      {failure?.status === 403 ? (
        <p className={styles.message} role="alert">
          This report is for admins only.
        </p>
      ) : failure ? (
        <p className={styles.message} role="alert">
          {failure.field ? `Check the ${failure.field} date.` : 'The report could not be loaded. Try again.'}
        </p>
      ) : !sum || !rows ? (
        <Skeleton height={320} />
      ) : (
        <>
          <section className={styles.cards} aria-label="Totals">
            {STAGES.map(({ key, label }, index) => (
              <div className={styles.card} key={key} data-testid={`total-${key}`}>
                <span className={styles.cardLabel}>{label}</span>
                <span className={styles.cardValue}>{sum[key]}</span>
                <span className={styles.cardRate}>
                  {index === 0 ? 'started a quiz' : `${rate(sum[key], sum.visitors)} of visitors`}
                </span>
              </div>
            ))}
          </section>
          <section className={styles.panel}>
            <h2 className={styles.panelTitle}>Funnel</h2>
            <p className={styles.chartNote}>Each bar: visitors at that stage · % of the stage before.</p>
            <FunnelChart counts={sum} />
          </section>
          <section className={styles.panel}>
            <h2 className={styles.panelTitle}>By variant and source</h2>
            {rows.length === 0 ? (
              <p className={styles.message}>No quiz was started in this range.</p>
            ) : (
              <div className={styles.tableWrap}>
                <ReportTable rows={rows} />
              </div>
            )}
          </section>
        </>
      )}
    </main>
  );
}

function ReportTable({ rows }: { rows: readonly FunnelRow[] }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th className={styles.th} scope="col">
            Variant
          </th>
          <th className={styles.th} scope="col">
            utm source
          </th>
          {STAGES.map(({ key, label }) => (
            <th className={`${styles.th} ${styles.num}`} scope="col" key={key}>
              {label}
            </th>
          ))}
          <th className={`${styles.th} ${styles.num}`} scope="col">
            Conversion
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const conversion = row.visitors > 0 ? row.purchased / row.visitors : 0;
          return (
            <tr key={`${row.variant}|${row.utmSource}`} data-testid={`row-${row.variant}-${row.utmSource}`}>
              <td className={styles.td}>{row.variant}</td>
              <td className={styles.td}>{row.utmSource}</td>
              {STAGES.map(({ key }, index) => (
                <td className={`${styles.td} ${styles.num}`} key={key} data-stage={key}>
                  {row[key]}
                  {index > 0 && (
                    <span className={styles.rateNote}>{rate(row[key], row[STAGES[index - 1]!.key])}</span>
                  )}
                </td>
              ))}
              <td className={`${styles.td} ${styles.num}`}>
                {rate(row.purchased, row.visitors)}
                <span className={styles.conversionBar} aria-hidden="true">
                  <span
                    className={styles.conversionFill}
                    style={{ width: `${Math.round(conversion * 100)}%` }}
                  />
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
