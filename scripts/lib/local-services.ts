/**
 * What runs beside the emulators wherever the production services cannot: the WhatsApp Cloud API
 * stand-in (scripts/lib/whatsapp-stand-in.ts) and the scheduled sweep (scripts/lib/local-sweep.ts).
 * `npm start`, `npm run dev` and the stack tests start them alike.
 */
import { emulatorFunctionsEnv, LOCAL_SWEEP_ORIGIN, startLocalSweep } from './local-sweep.ts';
import { PORTS } from './project.ts';
import { startWhatsAppStandIn } from './whatsapp-stand-in.ts';

export const WHATSAPP_STAND_IN_ORIGIN = `http://127.0.0.1:${PORTS.whatsapp}`;
export { LOCAL_SWEEP_ORIGIN };

export type LocalServices = { stop(): Promise<void> };

/** Starts the stand-in first (the sweep may send alerts to it), then the sweep. */
export async function startLocalServices(): Promise<LocalServices> {
  const env = emulatorFunctionsEnv();
  const standIn = await startWhatsAppStandIn({
    port: PORTS.whatsapp,
    token: env.WHATSAPP_TOKEN ?? '',
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
  });
  const sweep = await startLocalSweep();
  return {
    async stop() {
      await sweep.stop();
      await standIn.close();
    },
  };
}
