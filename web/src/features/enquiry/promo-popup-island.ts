/**
 * The promotional popup as a DOM island (spec sections 2, 4 and 9): the dialog is the page's own
 * markup (enquiry-popup.tsx, closed, its short form prerendered inside), and this opens it on the
 * page's schedule (promo-popup.ts) and closes it by its overlay, its × button or Escape. No React:
 * the form inside is an island of its own, which wakes as the dialog shows it (or as the visitor
 * reaches into it), and can be typed into before its code arrives.
 */
import { whenAllCardsRevealed } from '../../lib/reveal-schedule';
import { POPUP_SCHEDULES, schedulePromoPopup, type PopupPage } from './promo-popup';

/** The × button of DialogFrame (components/dialog.tsx, whose React this code must not load). */
const CLOSE_BUTTON = '.dialog__close';

/** `page`: the page the popup is on, which sets its schedule (the island's one prop). */
export function wake(element: HTMLElement, { page }: { page?: string }): void {
  const dialog = element.querySelector('dialog');
  const timing = POPUP_SCHEDULES[page as PopupPage] as (typeof POPUP_SCHEDULES)[PopupPage] | undefined;
  if (!dialog || !timing) throw new Error(`The popup island needs its dialog and a page it knows (${page}).`);
  const schedule = schedulePromoPopup(() => {
    if (!dialog.open) dialog.showModal();
  }, timing);
  // As the site's React dialogs do (components/dialog.tsx): the overlay and the × button close it,
  // as Escape does natively, each through the element's own close event, once.
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest(CLOSE_BUTTON)) dialog.close();
  });
  dialog.addEventListener('close', schedule.closed);
  // On the products page the countdown waits for the catalogue's last card.
  if (page === 'products') whenAllCardsRevealed(schedule.start);
  else schedule.start();
}
