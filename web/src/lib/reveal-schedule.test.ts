import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import {
  CARD_REVEAL_DELAY_MS,
  markAllCardsRevealed,
  onScrollIn,
  revealOneByOne,
  SCROLL_IN_THRESHOLD,
  whenAllCardsRevealed,
} from './reveal-schedule';
import { FakeIntersectionObserver } from '../testing/fake-intersection-observer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it('uses the spec constants: 800 ms between cards, 10% visibility', () => {
  expect(CARD_REVEAL_DELAY_MS).toBe(800);
  expect(SCROLL_IN_THRESHOLD).toBe(0.1);
});

it('reveals the items one by one, 800 ms apart, in order, and says when the last is out', () => {
  const revealed: number[] = [];
  const done = vi.fn();
  revealOneByOne(
    Array.from({ length: 12 }, (_, index) => index),
    (item) => revealed.push(item),
    done,
  );
  expect(revealed).toEqual([]);
  vi.advanceTimersByTime(0);
  expect(revealed).toEqual([0]);
  for (let card = 2; card <= 12; card += 1) {
    vi.advanceTimersByTime(799);
    expect(revealed).toHaveLength(card - 1);
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revealed).toHaveLength(card);
  }
  expect(revealed).toEqual(Array.from({ length: 12 }, (_, index) => index));
  expect(done).toHaveBeenCalledOnce();
});

it('reveals everything at once for a visitor who prefers reduced motion', () => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
  const revealed: number[] = [];
  const done = vi.fn();
  revealOneByOne([0, 1, 2], (item) => revealed.push(item), done);
  vi.advanceTimersByTime(0);
  expect(revealed).toEqual([0, 1, 2]);
  expect(done).toHaveBeenCalledOnce();
});

it('tells of each element once, when it scrolls into view', () => {
  const [first, second] = [document.createElement('li'), document.createElement('li')];
  const seen = vi.fn();
  onScrollIn([first, second], seen);
  FakeIntersectionObserver.show(second);
  FakeIntersectionObserver.show(second);
  expect(seen.mock.calls).toEqual([[second]]);
  FakeIntersectionObserver.show(first);
  expect(seen.mock.calls).toEqual([[second], [first]]);
});

it('tells who waits for the last card when it comes, and who asks later at once', () => {
  const early = vi.fn();
  whenAllCardsRevealed(early);
  expect(early).not.toHaveBeenCalled();
  markAllCardsRevealed();
  markAllCardsRevealed();
  expect(early).toHaveBeenCalledOnce();
  const late = vi.fn();
  whenAllCardsRevealed(late);
  expect(late).toHaveBeenCalledOnce();
});
