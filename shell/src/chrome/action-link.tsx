import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useHistoryLocation } from '@companion/remote-kit';
import { useShell } from '../app/shell-context.tsx';
import { actionFor, type NavRequirement } from './nav-items.ts';
import { NavLink } from './nav-link.tsx';
import { useIsTablet } from './use-media.ts';
import { useVisitor } from './use-visitor.ts';

/** Props of {@link ActionLink}. */
export type ActionLinkProps = {
  href: string;
  children: ReactNode;
  requires?: NavRequirement;
  /** Names the place that asked, for the sign-in and paywall intents. */
  source: string;
  onNavigate?: () => void;
  state?: unknown;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/**
 * A navigation link with the spec's action rules (000 §2.5): logged out it opens the sign-in modal, without a
 * required subscription it opens the paywall, and the chat link on chat does nothing on a non-tablet screen.
 */
export function ActionLink({ href, requires, source, onNavigate, ...rest }: ActionLinkProps) {
  const { bus, history } = useShell();
  const { pathname } = useHistoryLocation(history);
  const isTablet = useIsTablet();
  const { loggedIn, subscribed } = useVisitor();
  const intercept = () => {
    const decision = actionFor({ href, requires, loggedIn, subscribed, pathname, isTablet });
    if (decision === 'navigate') return false;
    if (decision === 'sign-in') bus.publish('auth:login-requested', { mode: 'login', source });
    if (decision === 'paywall')
      bus.publish('paywall:open-requested', { paywallType: 'subscription', source });
    if (decision !== 'none') onNavigate?.();
    return true;
  };
  return <NavLink href={href} onIntercept={intercept} onNavigate={onNavigate} {...rest} />;
}
