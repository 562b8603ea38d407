/**
 * `Promise.all` for handlers that run side by side against the emulator: it waits until every one
 * has ended before it reports the first failure, so none is still inside a transaction when the
 * next test clears the database (the emulator refuses the clear, 409, until that lock expires, and
 * one failure would become several).
 */
export async function allEnded<T extends readonly unknown[]>(
  tasks: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const ended = await Promise.allSettled(tasks);
  const failed = ended.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
  return ended.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
