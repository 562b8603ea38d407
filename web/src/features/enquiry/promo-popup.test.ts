import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markEnquirySubmitted } from './enquiry-session';
import {
  POPUP_AFTER_CARDS_MS,
  POPUP_ON_DESCRIPTION_MS,
  POPUP_RESHOW_AFTER_CLOSE_MS,
  POPUP_SCHEDULES,
  schedulePromoPopup,
} from './promo-popup';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A popup on the schedule: how many times it opened. */
function popupOn(page: keyof typeof POPUP_SCHEDULES) {
  const open = vi.fn();
  const schedule = schedulePromoPopup(open, POPUP_SCHEDULES[page]);
  return { open, ...schedule };
}

describe('the products page popup', () => {
  it('uses the spec timings: 30 s, then 45 s after each close', () => {
    expect(POPUP_AFTER_CARDS_MS).toBe(30_000);
    expect(POPUP_RESHOW_AFTER_CLOSE_MS).toBe(45_000);
    expect(POPUP_ON_DESCRIPTION_MS).toBe(30_000);
    expect(POPUP_SCHEDULES.products).toEqual({ firstDelayMs: 30_000, reshowDelayMs: 45_000 });
    expect(POPUP_SCHEDULES.description).toEqual({ firstDelayMs: 30_000, reshowDelayMs: null });
  });

  it('waits for its start (the last card), then opens 30 s later', () => {
    const popup = popupOn('products');
    vi.advanceTimersByTime(120_000);
    expect(popup.open).not.toHaveBeenCalled();
    popup.start();
    vi.advanceTimersByTime(29_999);
    expect(popup.open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(popup.open).toHaveBeenCalledOnce();
  });

  it('shows again 45 s after every close', () => {
    const popup = popupOn('products');
    popup.start();
    vi.advanceTimersByTime(30_000);
    popup.closed();
    vi.advanceTimersByTime(44_999);
    expect(popup.open).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(popup.open).toHaveBeenCalledTimes(2);
    popup.closed();
    vi.advanceTimersByTime(45_000);
    expect(popup.open).toHaveBeenCalledTimes(3);
  });

  it('never opens once the visitor has sent an enquiry in this session', () => {
    const popup = popupOn('products');
    popup.start();
    vi.advanceTimersByTime(10_000);
    markEnquirySubmitted();
    vi.advanceTimersByTime(300_000);
    expect(popup.open).not.toHaveBeenCalled();
    popup.start();
    vi.advanceTimersByTime(300_000);
    expect(popup.open).not.toHaveBeenCalled();
  });

  it('does not reshow after an enquiry sent from the popup itself', () => {
    const popup = popupOn('products');
    popup.start();
    vi.advanceTimersByTime(30_000);
    markEnquirySubmitted();
    popup.closed();
    vi.advanceTimersByTime(300_000);
    expect(popup.open).toHaveBeenCalledOnce();
  });
});

describe('the product description popup', () => {
  // Each product has its own page (a switch in the sidebar opens it): each starts its own countdown.
  it('opens 30 s after entry and never again after a close', () => {
    const popup = popupOn('description');
    popup.start();
    vi.advanceTimersByTime(29_999);
    expect(popup.open).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(popup.open).toHaveBeenCalledOnce();
    popup.closed();
    vi.advanceTimersByTime(600_000);
    expect(popup.open).toHaveBeenCalledOnce();
  });
});
