/**
 * When the promotional enquiry popup opens (spec sections 4 and 9):
 * - products page: 30 s after the last card is revealed; after a close, again 45 s later;
 * - product description page: 30 s after entry (a switch in the sidebar opens another product's
 *   page, which starts its own countdown); no reshow.
 * Once the visitor has sent an enquiry in this session, no timed popup opens again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { hasSubmittedEnquiry, onEnquirySubmitted } from './enquiry-session';

export const POPUP_AFTER_CARDS_MS = 30_000;
export const POPUP_RESHOW_AFTER_CLOSE_MS = 45_000;
export const POPUP_ON_DESCRIPTION_MS = 30_000;

type PopupSchedule = {
  /** Whether the countdown may start (e.g. all product cards revealed). */
  armed: boolean;
  firstDelayMs: number;
  /** null: once closed, the popup stays closed. */
  reshowDelayMs: number | null;
};

export function usePromoPopup({ armed, firstDelayMs, reshowDelayMs }: PopupSchedule) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const schedule = useCallback(
    (delayMs: number) => {
      cancel();
      if (hasSubmittedEnquiry()) return;
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        if (!hasSubmittedEnquiry()) setOpen(true);
      }, delayMs);
    },
    [cancel],
  );

  useEffect(() => {
    if (!armed) return;
    schedule(firstDelayMs);
    return cancel;
  }, [armed, firstDelayMs, schedule, cancel]);

  useEffect(() => onEnquirySubmitted(cancel), [cancel]);

  const close = useCallback(() => {
    setOpen(false);
    if (reshowDelayMs === null) cancel();
    else schedule(reshowDelayMs);
  }, [reshowDelayMs, schedule, cancel]);

  return { open, close };
}
