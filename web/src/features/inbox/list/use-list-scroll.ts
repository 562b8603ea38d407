import { useEffect, useRef } from 'react';

/** Below this width the detail is a view of its own (inbox-layout.css says the same). */
const SIDE_PANEL_QUERY = '(min-width: 960px)';

/** The list's scroll position and focus across an open enquiry (`openKey`). */
export function useListScroll(openKey: string | null): void {
  // On a phone the detail replaces the list: it starts at the top, and closing it returns to the
  // card it was opened from, where the list was.
  const listScroll = useRef(0);
  const lastOpenKey = useRef<string | null>(null);
  useEffect(() => {
    const sidePanel = window.matchMedia(SIDE_PANEL_QUERY).matches;
    if (openKey) {
      if (!lastOpenKey.current) listScroll.current = window.scrollY;
      if (!sidePanel) window.scrollTo({ top: 0 });
    } else if (lastOpenKey.current) {
      const key = lastOpenKey.current;
      if (!sidePanel) window.scrollTo({ top: listScroll.current });
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLButtonElement>(`[data-enquiry="${CSS.escape(key)}"] button`)
          ?.focus({ preventScroll: !sidePanel }),
      );
    }
    lastOpenKey.current = openKey;
  }, [openKey]);
}
