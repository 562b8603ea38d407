/**
 * When the promotional enquiry popup opens (spec sections 4 and 9):
 * - products page: 30 s after the last card is revealed; after a close, again 45 s later;
 * - product description page: 30 s after entry (a switch in the sidebar opens another product's
 *   page, which starts its own countdown); no reshow.
 * Once the visitor has sent an enquiry in this session, no timed popup opens again.
 * Plain timers, no React: the popup island (promo-popup-island.ts) opens and closes the dialog.
 */
import { hasSubmittedEnquiry, onEnquirySubmitted } from './enquiry-session';

export const POPUP_AFTER_CARDS_MS = 30_000;
export const POPUP_RESHOW_AFTER_CLOSE_MS = 45_000;
export const POPUP_ON_DESCRIPTION_MS = 30_000;

type PopupSchedule = {
  firstDelayMs: number;
  /** null: once closed, the popup stays closed. */
  reshowDelayMs: number | null;
};

/** Each page's schedule, by the page the popup is on. */
export const POPUP_SCHEDULES = {
  products: { firstDelayMs: POPUP_AFTER_CARDS_MS, reshowDelayMs: POPUP_RESHOW_AFTER_CLOSE_MS },
  description: { firstDelayMs: POPUP_ON_DESCRIPTION_MS, reshowDelayMs: null },
} as const satisfies Record<string, PopupSchedule>;
export type PopupPage = keyof typeof POPUP_SCHEDULES;

/**
 * The popup's countdown: `start` (the page is ready: entry, or the last card) opens it
 * firstDelayMs later; `closed` (the visitor closed it) opens it again reshowDelayMs later, or
 * never. A sent enquiry stops it for good.
 */
export function schedulePromoPopup(open: () => void, { firstDelayMs, reshowDelayMs }: PopupSchedule) {
  let timer: number | undefined;
  const cancel = () => {
    window.clearTimeout(timer);
    timer = undefined;
  };
  const openIn = (delayMs: number) => {
    cancel();
    if (hasSubmittedEnquiry()) return;
    timer = window.setTimeout(() => {
      timer = undefined;
      if (!hasSubmittedEnquiry()) open();
    }, delayMs);
  };
  onEnquirySubmitted(cancel);
  return {
    start: () => openIn(firstDelayMs),
    closed: () => (reshowDelayMs === null ? cancel() : openIn(reshowDelayMs)),
  };
}
