/**
 * One Chromium for every browser test file of a run (the e2e project's globalSetup): launched once,
 * each file connecting to it by its WebSocket address, instead of a launch and a close per file
 * (about 10 s each on a busy 2-core machine). Each file still opens contexts of its own and closes
 * them; closing its connection leaves the browser to the next file.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_INSTALL_HINT, chromiumPath } from '../../scripts/lib/chromium';

/** The name under which the files find the browser's address (vitest's provide/inject). */
export const CHROMIUM_ENDPOINT = 'chromiumWsEndpoint';

declare module 'vitest' {
  export interface ProvidedContext {
    [CHROMIUM_ENDPOINT]: string;
  }
}

export default async function launchSharedChromium(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = chromiumPath();
  if (!executablePath)
    throw new Error(`Chromium is required for the browser tests: ${CHROMIUM_INSTALL_HINT}.`);
  const server = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  project.provide(CHROMIUM_ENDPOINT, server.wsEndpoint());
  return () => server.close();
}
