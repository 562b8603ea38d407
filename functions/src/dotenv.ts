/**
 * The one reader of the dotenv files the params live in (`functions/.env*`, `.secret.local`):
 * for the local sweep, the build's retention period, the deploy's checks and the tests.
 */

/** `NAME=value` lines of a dotenv file: comments and blank lines skipped, one pair of quotes removed. */
export function parseDotenv(dotenv: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of dotenv.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const [, name = '', raw = ''] = match;
    values[name] = /^(["']).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return values;
}
