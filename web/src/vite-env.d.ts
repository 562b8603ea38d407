/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Firebase web app config of the real project; unset locally (demo project on the emulator). */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** host:port of the Firestore emulator; defaults to firebase.json's port on 127.0.0.1 for demo- projects. */
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  /** reCAPTCHA Enterprise site key: when set, App Check protects the enquiry writes. */
  readonly VITE_APPCHECK_RECAPTCHA_ENTERPRISE_KEY?: string;
  /** Region of the functions (ENQUIRY_REGION) the sales inbox calls; defaults to asia-south1. */
  readonly VITE_FUNCTIONS_REGION?: string;
}

/** The year the site was built (vite.config.ts `define`): the footer's copyright year. */
declare const __BUILD_YEAR__: number;
/** The emulators' ports from firebase.json (scripts/lib/emulator-ports.ts), for a build that talks to them. */
declare const __EMULATOR_PORTS__: { auth: number; firestore: number; functions: number };
/** ENQUIRY_RETENTION_DAYS for the project the site is built for (scripts/lib/retention-param.ts). */
declare const __ENQUIRY_RETENTION_DAYS__: number;

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
