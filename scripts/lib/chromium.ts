/** Where the browser tests, screenshots and Lighthouse find Chromium (Debian's package by default). */
import { existsSync } from 'node:fs';

export const CHROMIUM_INSTALL_HINT = 'install it (Debian: apt-get install -y chromium) or set CHROME_PATH';

export function chromiumPath(): string | null {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

/** Flags that keep headless Chromium quiet and self-contained on machines without internet. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
