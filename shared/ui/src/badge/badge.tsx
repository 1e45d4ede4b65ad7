import type { ReactNode } from 'react';
import { cx } from '../cx.ts';
import * as styles from './badge.css.ts';

/** Props of {@link Badge}. */
export interface BadgeProps {
  children: ReactNode;
  /** `accent` (gradient, e.g. 'New'), `soft` (tinted accent), `neutral`. */
  tone?: 'accent' | 'soft' | 'neutral';
  className?: string;
}

/** A small pill label such as the sidebar's 'New' mark or 'Only for NEW users'. */
export function Badge({ children, tone = 'accent', className }: BadgeProps) {
  return <span className={cx(styles.base, styles.tone[tone], className)}>{children}</span>;
}
