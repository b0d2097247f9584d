import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { ROUTE_CHANGE_DELAY_MS } from '@/shared/domain/limits';

/**
 * Spec §2: every route change waits 10 ms, marks the page as loading, scrolls to the top and collapses the
 * side menu on small screens. Returns whether the page counts as loading (also while a lazy screen loads).
 */
export function useRouteChange({ isSmallScreen, collapseMenu }: { isSmallScreen: boolean; collapseMenu: () => void }) {
  const location = useLocation();
  const navigation = useNavigation();
  const [marked, setMarked] = useState(false);
  const latest = useRef({ isSmallScreen, collapseMenu });
  latest.current = { isSmallScreen, collapseMenu };
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timer = setTimeout(() => {
      setMarked(true);
      window.scrollTo(0, 0);
      if (latest.current.isSmallScreen) latest.current.collapseMenu();
    }, ROUTE_CHANGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.key]);

  useEffect(() => {
    if (!marked) return;
    const frame = requestAnimationFrame(() => setMarked(false));
    return () => cancelAnimationFrame(frame);
  }, [marked]);

  return marked || navigation.state !== 'idle';
}
