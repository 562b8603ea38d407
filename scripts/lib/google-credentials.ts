/**
 * The check the owner's tools (`npm run export`, `npm run sales`, `npm run privacy`) make before they
 * touch a real project: that application default credentials give an access token. When they do
 * not, the tool ends with one sentence saying what to do, instead of Google's own error.
 */
import type { App } from 'firebase-admin/app';
import { fail } from './project';

/**
 * Long enough for a token from Google on a slow connection; short enough that a machine that cannot
 * reach Google (or its metadata server) is told so instead of waiting on the network.
 */
const CREDENTIALS_DEADLINE_MS = 30_000;

/** What to do when there are no usable Google credentials for a project. */
export function noCredentialsAdvice(projectId: string, env: NodeJS.ProcessEnv = process.env): string {
  const advice = `No Google credentials for ${projectId}: run \`gcloud auth application-default login\` (an account with access to the project), then try again.`;
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  // That variable wins over the login: while it names a missing or wrong file, the login changes nothing.
  return keyFile
    ? `${advice} GOOGLE_APPLICATION_CREDENTIALS (${keyFile}) is tried first: unset it, or point it at the key file of an account with access.`
    : advice;
}

/**
 * Returns once the app's credentials give an access token; otherwise ends the process with what to
 * do. Nothing has been read or written by then, so there is nothing to close.
 */
export async function requireCredentials(
  app: App,
  projectId: string,
  deadlineMs = CREDENTIALS_DEADLINE_MS,
): Promise<void> {
  const late = Symbol('late');
  let timer: NodeJS.Timeout | undefined;
  let outcome: unknown;
  try {
    const credential = app.options.credential;
    if (!credential) throw new Error('the app has no credential');
    outcome = await Promise.race([
      credential.getAccessToken(),
      new Promise((resolve) => (timer = setTimeout(() => resolve(late), deadlineMs))),
    ]);
  } catch {
    fail(noCredentialsAdvice(projectId));
  } finally {
    clearTimeout(timer);
  }
  if (outcome === late)
    fail(
      `Google gave no access token for ${projectId} within ${deadlineMs / 1000} s: check that this machine reaches Google, then try again.`,
    );
}
