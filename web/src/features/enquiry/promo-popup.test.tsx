import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markEnquirySubmitted } from './enquiry-session';
import {
  POPUP_AFTER_CARDS_MS,
  POPUP_ON_DESCRIPTION_MS,
  POPUP_RESHOW_AFTER_CLOSE_MS,
  usePromoPopup,
} from './promo-popup';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('the products page popup', () => {
  const useProductsPopup = (armed: boolean) =>
    usePromoPopup({ armed, firstDelayMs: POPUP_AFTER_CARDS_MS, reshowDelayMs: POPUP_RESHOW_AFTER_CLOSE_MS });

  it('uses the spec timings: 30 s, then 45 s after each close', () => {
    expect(POPUP_AFTER_CARDS_MS).toBe(30_000);
    expect(POPUP_RESHOW_AFTER_CLOSE_MS).toBe(45_000);
    expect(POPUP_ON_DESCRIPTION_MS).toBe(30_000);
  });

  it('waits for every card, then opens 30 s later', () => {
    const { result, rerender } = renderHook(({ armed }) => useProductsPopup(armed), {
      initialProps: { armed: false },
    });
    advance(120_000);
    expect(result.current.open).toBe(false);
    rerender({ armed: true });
    advance(29_999);
    expect(result.current.open).toBe(false);
    advance(1);
    expect(result.current.open).toBe(true);
  });

  it('shows again 45 s after every close', () => {
    const { result } = renderHook(() => useProductsPopup(true));
    advance(30_000);
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
    advance(44_999);
    expect(result.current.open).toBe(false);
    advance(1);
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    advance(45_000);
    expect(result.current.open).toBe(true);
  });

  it('never opens once the visitor has sent an enquiry in this session', () => {
    const { result } = renderHook(() => useProductsPopup(true));
    advance(10_000);
    act(() => markEnquirySubmitted());
    advance(300_000);
    expect(result.current.open).toBe(false);
  });

  it('does not reshow after an enquiry sent from the popup itself', () => {
    const { result } = renderHook(() => useProductsPopup(true));
    advance(30_000);
    act(() => markEnquirySubmitted());
    act(() => result.current.close());
    advance(300_000);
    expect(result.current.open).toBe(false);
  });
});

describe('the product description popup', () => {
  // Each product has its own page (a switch in the sidebar opens it): each starts its own countdown.
  const useDescriptionPopup = () =>
    usePromoPopup({ armed: true, firstDelayMs: POPUP_ON_DESCRIPTION_MS, reshowDelayMs: null });

  it('opens 30 s after entry and never again after a close', () => {
    const { result } = renderHook(() => useDescriptionPopup());
    advance(29_999);
    expect(result.current.open).toBe(false);
    advance(1);
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    advance(600_000);
    expect(result.current.open).toBe(false);
  });
});
