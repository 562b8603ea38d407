/**
 * How long a test waits for a condition before it gives up, and readUntil, the wait that reads
 * again until the condition holds. Deadlines, not waits: every wait in the suite ends as soon as
 * its condition holds, so a long deadline costs nothing when things work.
 * They are sized for a 2-core machine whose emulators, Chromium and a build share the CPU (five
 * runs of test:stack beside a build loop took 326–343 s each and passed with these).
 */
import { vi } from 'vitest';

/** Something a visitor does or sees in the browser. */
export const UI_TIMEOUT_MS = 20_000;
/** One image scrolled into view, loaded and decoded. */
export const IMAGE_TIMEOUT_MS = 30_000;
/** A stored enquiry becoming visible to the admin SDK. */
export const DOCUMENT_TIMEOUT_MS = 20_000;
/** A trigger's email: a cold functions worker loads its module, then sends through SMTP. */
export const DELIVERY_TIMEOUT_MS = 30_000;
/**
 * The emulator's rules coverage report, which it builds from every request the suite made (some
 * 15,000): under 20 s on a quiet machine, over 60 s once with the CPU shared four ways.
 */
export const COVERAGE_REPORT_TIMEOUT_MS = 180_000;

/** How often a wait reads again. */
const READ_INTERVAL_MS = 100;

/**
 * Reads until `done` holds, or fails with `describe(last read)` at the deadline: vitest's own
 * `vi.waitFor`, with a plain read each time. The emulator's snapshot listeners have been seen to
 * miss an update on a busy machine (a delivery the functions had marked SENT in 0.5 s still read
 * SENDING 30 s later), a read cannot.
 */
export async function readUntil<T, Done extends T>(
  read: () => Promise<T>,
  done: (value: T) => value is Done,
  timeoutMs: number,
  describe: (last: T) => string,
): Promise<Done>;
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  describe: (last: T) => string,
): Promise<T>;
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  describe: (last: T) => string,
): Promise<T> {
  let lastRead: { value: T } | undefined;
  try {
    return await vi.waitFor(
      async () => {
        const value = await read();
        lastRead = { value };
        if (!done(value)) throw new Error(describe(value));
        return value;
      },
      { timeout: timeoutMs, interval: READ_INTERVAL_MS },
    );
  } catch (error) {
    // vi.waitFor says only "Timed out" when a read itself outlasts the deadline: say what was read.
    if (error instanceof Error && /^Timed out in waitFor/.test(error.message))
      throw new Error(lastRead ? describe(lastRead.value) : `no read answered within ${timeoutMs} ms`);
    throw error;
  }
}
