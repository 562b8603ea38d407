import { describe, expect, it } from 'vitest';
import {
  appCheckProblem,
  APP_CHECK_KEY_VARIABLE,
  DeployUsageError,
  dotenvValue,
  parseDeployArgs,
} from './deploy-checks';

const config = (key: string) =>
  [
    'VITE_FIREBASE_API_KEY=abc',
    'VITE_FIREBASE_PROJECT_ID=sme-hair-live',
    `${APP_CHECK_KEY_VARIABLE}=${key}`,
  ].join('\n');

describe('deploy without the App Check key', () => {
  it('is refused, naming the variable and the flag', () => {
    for (const envLive of [config(''), config('""'), 'VITE_FIREBASE_PROJECT_ID=sme-hair-live\n']) {
      const problem = appCheckProblem(envLive, parseDeployArgs([]));
      expect(problem).toContain(APP_CHECK_KEY_VARIABLE);
      expect(problem).toContain('--without-app-check');
    }
  });

  it('goes ahead with the key, or when the operator says --without-app-check', () => {
    expect(appCheckProblem(config('6LcXyz-key'), parseDeployArgs([]))).toBeNull();
    expect(appCheckProblem(config(''), parseDeployArgs(['--without-app-check']))).toBeNull();
  });

  it('reads a commented-out key as no key, and a quoted one as the key', () => {
    expect(dotenvValue(`# ${APP_CHECK_KEY_VARIABLE}=old`, APP_CHECK_KEY_VARIABLE)).toBe('');
    expect(dotenvValue(`${APP_CHECK_KEY_VARIABLE}="6Lc-key"`, APP_CHECK_KEY_VARIABLE)).toBe('6Lc-key');
  });

  it('refuses an unknown flag', () => {
    expect(() => parseDeployArgs(['--without-appcheck'])).toThrow(DeployUsageError);
  });
});
