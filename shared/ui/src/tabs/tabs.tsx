import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../cx.ts';
import * as styles from '../segmented-control/segmented-control.css.ts';

/** One tab and its panel. */
export interface TabItem<V extends string> {
  value: V;
  label: string;
  panel: ReactNode;
}

/** Props of {@link Tabs}. */
export interface TabsProps<V extends string> {
  label: string;
  items: readonly TabItem<V>[];
  value: V;
  onChange(value: V): void;
  className?: string;
}

/** WAI-ARIA tabs (arrow keys move between tabs); only the selected panel is rendered. */
export function Tabs<V extends string>(props: TabsProps<V>) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const index = Math.max(
    0,
    props.items.findIndex((item) => item.value === props.value),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = props.items[(index + step + props.items.length) % props.items.length];
    if (!next) return;
    props.onChange(next.value);
    list.current?.querySelector<HTMLElement>(`[data-value="${next.value}"]`)?.focus();
  };
  const current = props.items[index];
  return (
    <div className={props.className}>
      <div ref={list} role="tablist" aria-label={props.label} className={styles.root} onKeyDown={onKeyDown}>
        {props.items.map((item) => {
          const selected = item.value === current?.value;
          return (
            <button
              key={item.value}
              type="button"
              role="tab"
              id={`${base}-tab-${item.value}`}
              data-value={item.value}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              className={cx(styles.option)}
              onClick={() => props.onChange(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${base}-panel-${current.value}`}
          aria-labelledby={`${base}-tab-${current.value}`}
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
