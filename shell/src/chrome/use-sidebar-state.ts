import { useCallback, useEffect, useState } from 'react';
import type { AppHistory } from '@companion/contracts';

/** The sidebar's toggled (menu button) and hovered (desktop rail) state; both reset on navigation. */
export function useSidebarState(history: AppHistory) {
  const [toggled, setToggled] = useState(false);
  const [hovered, setHovered] = useState(false);
  // The sidebar closes on navigation at tablet size (000 §4).
  useEffect(
    () =>
      history.listen(() => {
        setToggled(false);
        setHovered(false);
      }),
    [history],
  );
  const onHover = useCallback((value: boolean) => setHovered(value), []);
  return {
    toggled,
    hovered,
    onHover,
    toggle: () => setToggled((value) => !value),
    close: () => setToggled(false),
  };
}
