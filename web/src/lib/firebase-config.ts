/**
 * The web app's Firebase settings, shared by the public forms (lib/firebase.ts) and the sales
 * inbox (features/inbox/api/connection.ts). Both import it dynamically, with the SDK, so it is in
 * no page's first load and neither of them pulls the other's code in.
 */
import type { FirebaseApp } from 'firebase/app';
import { DEFAULT_FUNCTIONS_REGION } from '@contract/base/region';
import { loadCode } from './code-loading';

const env = import.meta.env;
const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-sme-hair';

export const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  projectId,
  appId: env.VITE_FIREBASE_APP_ID || '1:000000000000:web:0000000000000000000000',
};

/** The functions' region (ENQUIRY_REGION) the inbox calls; the emulator ignores it. */
export const functionsRegion = env.VITE_FUNCTIONS_REGION || DEFAULT_FUNCTIONS_REGION;

/** Where each local emulator listens (firebase.json, through the build's `define`). */
export const EMULATOR_PORTS = __EMULATOR_PORTS__;
const EMULATOR_HOST = '127.0.0.1';

/** demo- projects exist only in the emulator, so they always talk to it. */
const emulatorHost =
  env.VITE_FIRESTORE_EMULATOR_HOST ||
  (projectId.startsWith('demo-') ? `${EMULATOR_HOST}:${EMULATOR_PORTS.firestore}` : '');

/** The Firestore emulator's host and port, or null for the real project. */
export function firestoreEmulator(): { host: string; port: number } | null {
  if (!emulatorHost) return null;
  const [host = EMULATOR_HOST, port = String(EMULATOR_PORTS.firestore)] = emulatorHost.split(':');
  return { host, port: Number(port) };
}

const appCheckSiteKey = env.VITE_APPCHECK_RECAPTCHA_ENTERPRISE_KEY;

/** The app's current App Check token, or null when the build has no App Check (the emulators). */
export type AppCheckToken = () => Promise<string | null>;

/**
 * App Check with reCAPTCHA Enterprise, when the build has a site key (the real project). Answers
 * how to get its token, for requests the SDK does not make itself (the photo upload).
 */
export async function startAppCheck(app: FirebaseApp): Promise<AppCheckToken> {
  if (!appCheckSiteKey) return async () => null;
  const { initializeAppCheck, getToken, ReCaptchaEnterpriseProvider } = await loadCode(
    () => import('firebase/app-check'),
  );
  const appCheck = initializeAppCheck(app, {
    provider: new ReCaptchaEnterpriseProvider(appCheckSiteKey),
    isTokenAutoRefreshEnabled: true,
  });
  return async () => (await getToken(appCheck)).token;
}
