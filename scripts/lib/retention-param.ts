/**
 * The retention period the privacy policy names is the one the functions keep: the param
 * ENQUIRY_RETENTION_DAYS, read at build time from the dotenv files firebase reads for the project
 * the site is built for (`functions/.env`, then `functions/.env.<project>`, then, for a local demo
 * project, `functions/.env.local`, each overriding the one before), else the contract's default.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDotenv } from '../../functions/src/dotenv';
import { DEFAULT_ENQUIRY_RETENTION_DAYS } from '../../functions/src/contract/enquiry/retention';

const RETENTION_PARAM = 'ENQUIRY_RETENTION_DAYS';

/** The param's value in one dotenv file's text, or null when it does not set it to a number. */
export function retentionDaysIn(dotenv: string): number | null {
  const value = parseDotenv(dotenv)[RETENTION_PARAM];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : null;
}

export function retentionDaysFor(functionsDir: string, projectId: string): number {
  const files = ['.env', `.env.${projectId}`, ...(projectId.startsWith('demo-') ? ['.env.local'] : [])];
  let days = DEFAULT_ENQUIRY_RETENTION_DAYS;
  for (const file of files) {
    const path = join(functionsDir, file);
    const value = existsSync(path) ? retentionDaysIn(readFileSync(path, 'utf8')) : null;
    if (value !== null) days = value;
  }
  if (!(days > 0)) throw new Error(`${RETENTION_PARAM} must be a whole number of days above 0.`);
  return days;
}
