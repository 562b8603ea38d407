import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CARD_REVEAL_DELAY_MS, SCROLL_IN_THRESHOLD, useRevealSchedule } from './reveal-schedule';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('uses the spec constants: 800 ms between cards, 10% visibility', () => {
  expect(CARD_REVEAL_DELAY_MS).toBe(800);
  expect(SCROLL_IN_THRESHOLD).toBe(0.1);
});

it('reveals the cards one by one, 800 ms apart, in catalogue order', () => {
  const { result } = renderHook(() => useRevealSchedule(12));
  expect(result.current).toBe(0);
  act(() => vi.advanceTimersByTime(0));
  expect(result.current).toBe(1);
  for (let card = 2; card <= 12; card += 1) {
    act(() => vi.advanceTimersByTime(799));
    expect(result.current).toBe(card - 1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(card);
  }
  act(() => vi.advanceTimersByTime(10_000));
  expect(result.current).toBe(12);
});
