import { useEffect } from 'react';
import type { AppHistory } from '@companion/contracts';
import { isInAppBrowser } from '../session/in-app-browser.ts';
import { installTrackingPreservation } from './tracking-params.ts';

/** Tracking parameters survive every navigation, whoever navigates (000 §2.3). */
export function useTrackingPreservation(history: AppHistory): void {
  useEffect(() => installTrackingPreservation(history, isInAppBrowser(navigator.userAgent)), [history]);
}
