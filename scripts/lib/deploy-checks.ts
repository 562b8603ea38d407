/**
 * What `npm run deploy` checks before it builds anything, as pure functions so tests can call them.
 */
import { parseArgs } from 'node:util';

/** The App Check site key (reCAPTCHA Enterprise) the web build reads from `.env.live`. */
export const APP_CHECK_KEY_VARIABLE = 'VITE_APPCHECK_RECAPTCHA_ENTERPRISE_KEY';
export const WITHOUT_APP_CHECK_FLAG = 'without-app-check';

export const DEPLOY_USAGE = `usage: npm run deploy [-- --${WITHOUT_APP_CHECK_FLAG}]`;

export type DeployOptions = { withoutAppCheck: boolean };

export class DeployUsageError extends Error {}

export function parseDeployArgs(argv: string[]): DeployOptions {
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { [WITHOUT_APP_CHECK_FLAG]: { type: 'boolean', default: false } },
    });
    return { withoutAppCheck: values[WITHOUT_APP_CHECK_FLAG] === true };
  } catch (error) {
    throw new DeployUsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The value of `NAME=value` in a dotenv file (quotes removed), or '' when it is absent. */
export function dotenvValue(text: string, name: string): string {
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] !== name) continue;
    const value = match[2] ?? '';
    return value.replace(/^(['"])(.*)\1$/, '$2').trim();
  }
  return '';
}

/**
 * Without an App Check key the site's Firestore writes carry no attestation, and enforcing App
 * Check in the console would then refuse every real enquiry: refuse to deploy, unless the
 * operator says so explicitly.
 */
export function appCheckProblem(envLive: string, options: DeployOptions): string | null {
  if (options.withoutAppCheck) return null;
  if (dotenvValue(envLive, APP_CHECK_KEY_VARIABLE) !== '') return null;
  return (
    `.env.live has no ${APP_CHECK_KEY_VARIABLE}: create a reCAPTCHA Enterprise key and register it ` +
    `for App Check (README, "App Check"), or deploy without App Check with --${WITHOUT_APP_CHECK_FLAG}.`
  );
}
