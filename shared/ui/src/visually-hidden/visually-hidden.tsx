import type { ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden.css.ts';

/** Props of {@link VisuallyHidden}. */
export interface VisuallyHiddenProps {
  children: ReactNode;
  id?: string;
}

/** Text for assistive technology only (labels for icon-only controls, status messages). */
export function VisuallyHidden({ children, id }: VisuallyHiddenProps) {
  return (
    <span className={visuallyHidden} id={id}>
      {children}
    </span>
  );
}
