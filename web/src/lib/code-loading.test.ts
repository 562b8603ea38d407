import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canLoadAfresh,
  CODE_RETRY_DELAYS_MS,
  FRESH_LOAD_WINDOW_MS,
  isCodeUnavailable,
  loadCode,
  loadPageAfresh,
} from './code-loading';

const downloadFailed = () => new TypeError('Failed to fetch dynamically imported module');

describe('loading a piece of code', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a failed download after each delay and keeps the first success', async () => {
    const load = vi.fn().mockRejectedValueOnce(downloadFailed()).mockResolvedValueOnce({ ok: 1 });
    const loaded = loadCode(load);
    await vi.advanceTimersByTimeAsync(CODE_RETRY_DELAYS_MS[0]);
    await expect(loaded).resolves.toEqual({ ok: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up as "code unavailable" once every retry has failed', async () => {
    const load = vi.fn().mockRejectedValue(downloadFailed());
    const loaded = loadCode(load);
    const outcome = loaded.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CODE_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0));
    const error = await outcome;
    expect(isCodeUnavailable(error)).toBe(true);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(load).toHaveBeenCalledTimes(CODE_RETRY_DELAYS_MS.length + 1);
  });
});

describe('loading the page afresh', () => {
  const reload = vi.fn();
  beforeEach(() => {
    reload.mockReset();
    vi.stubGlobal('location', { ...window.location, pathname: '/about', search: '', reload });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reloads once per address, then leaves it to the visitor for a while (no reload loop)', () => {
    const now = Date.now();
    expect(canLoadAfresh(now)).toBe(true);
    loadPageAfresh(now);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(canLoadAfresh(now + 1_000)).toBe(false);
    expect(canLoadAfresh(now + FRESH_LOAD_WINDOW_MS + 1)).toBe(true);
  });

  it('may reload another address at once', () => {
    loadPageAfresh();
    vi.stubGlobal('location', { ...window.location, pathname: '/enquiry', search: '', reload });
    expect(canLoadAfresh()).toBe(true);
  });
});
