/**
 * The site's code comes in small files fetched when needed, over phone networks and across
 * releases (each deploy deletes the previous release's files). A failed download is retried and
 * never remembered as failed; when a file stays unavailable (a release removed it), the visitor
 * gets a full page load of the address, whose prerendered HTML and code are always current.
 */

/** A piece of the site's code that could not be downloaded, even after retrying. */
export class CodeUnavailableError extends Error {
  constructor(cause: unknown) {
    super('code unavailable', { cause });
    this.name = 'CodeUnavailableError';
  }
}

export const isCodeUnavailable = (error: unknown): error is CodeUnavailableError =>
  error instanceof CodeUnavailableError;

/** Waits before each retry: a dropped packet recovers at once, a flaky phone link in a second. */
export const CODE_RETRY_DELAYS_MS = [300, 1_200] as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs a dynamic import, retrying it after each delay; rejects with CodeUnavailableError once the
 * retries are spent. Callers keep only successes, so the next call downloads afresh.
 */
export async function loadCode<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = CODE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw new CodeUnavailableError(error);
      await wait(delay);
    }
  }
}

const FRESH_LOAD_PREFIX = 'sme:fresh-load:';
/** A second forced load of the same address within this time means reloading does not help. */
export const FRESH_LOAD_WINDOW_MS = 60_000;

const freshLoadKey = () => FRESH_LOAD_PREFIX + window.location.pathname + window.location.search;

/**
 * Whether a full page load of the current address may bring current code: not when one was made
 * for this address moments ago (a reload loop), nor without storage (a loop could not be ruled out).
 */
export function canLoadAfresh(now = Date.now()): boolean {
  try {
    return !(now - Number(window.sessionStorage.getItem(freshLoadKey())) < FRESH_LOAD_WINDOW_MS);
  } catch {
    return false;
  }
}

/** A full page load of the current address (its prerendered HTML, then its current code). */
export function loadPageAfresh(now = Date.now()): void {
  try {
    window.sessionStorage.setItem(freshLoadKey(), String(now));
  } catch {
    // Without storage canLoadAfresh() says no, so no loop can start from here.
  }
  window.location.reload();
}

/**
 * `start` run once and its promise shared, unless it fails: a failed chunk download or connection
 * must not poison later attempts, so the next call starts afresh.
 */
export function sharedUnlessFailed<T>(start: () => Promise<T>): () => Promise<T> {
  let shared: Promise<T> | undefined;
  return () => {
    shared ??= start().catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    return shared;
  };
}
