import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * After each completed navigation the window scrolls smoothly to the top (spec section 2), and
 * keyboard and screen-reader users continue from the new page's content instead of the old link.
 */
export function useScrollToTopOnNavigate(mainId: string): void {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [location, mainId]);
}
