/**
 * What runs beside the emulators wherever the production services cannot: the WhatsApp Cloud API
 * stand-in (scripts/lib/whatsapp-stand-in.ts), the Firebase Hosting API stand-in
 * (scripts/lib/hosting-stand-in.ts), which makes each publish the site the Hosting emulator serves,
 * and the scheduled sweep (scripts/lib/local-sweep.ts). `npm start`, `npm run dev` and the stack
 * tests start them alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostingJson } from '../../functions/src/site/hosting-api';
import { withLocalConnectSrc } from './emulator-env';
import { startHostingStandIn } from './hosting-stand-in';
import { emulatorFunctionsEnv, LOCAL_SWEEP_ORIGIN, startLocalSweep } from './local-sweep';
import { HOSTING_STAND_IN_DIR, PORTS, PROJECT_ID, ROOT } from './project';
import { startWhatsAppStandIn } from './whatsapp-stand-in';

export const WHATSAPP_STAND_IN_ORIGIN = `http://127.0.0.1:${PORTS.whatsapp}`;
export const HOSTING_STAND_IN_ORIGIN = `http://127.0.0.1:${PORTS.hostingApi}`;
export { LOCAL_SWEEP_ORIGIN };

export type LocalServices = { stop(): Promise<void> };

/** Starts the stand-ins first (the sweep may send alerts; a publish may come at once), then the sweep. */
export async function startLocalServices(): Promise<LocalServices> {
  const env = emulatorFunctionsEnv();
  const standIn = await startWhatsAppStandIn({
    port: PORTS.whatsapp,
    token: env.WHATSAPP_TOKEN ?? '',
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
  });
  const built = join(ROOT, 'dist', 'site');
  const hosting = await startHostingStandIn({
    port: PORTS.hostingApi,
    channelPort: PORTS.hostingLive,
    root: HOSTING_STAND_IN_DIR,
    site: env.HOSTING_SITE || PROJECT_ID,
    token: env.HOSTING_API_TOKEN ?? '',
    // `npm run dev` may start before any build: the stand-in then has no live version until a publish.
    build: existsSync(built)
      ? {
          dir: built,
          hosting: (JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { hosting: HostingJson })
            .hosting,
        }
      : undefined,
    localHeaders: withLocalConnectSrc,
  });
  const sweep = await startLocalSweep();
  return {
    async stop() {
      await sweep.stop();
      await hosting.close();
      await standIn.close();
    },
  };
}
