/**
 * The emulators' ports as firebase.json gives them, for the web build's `define` (vite.config.ts,
 * vitest.config.ts): the inbox and the forms reach the local emulators where the launcher starts them.
 */
import { readFileSync } from 'node:fs';

export type EmulatorPorts = { auth: number; firestore: number; functions: number };

export function emulatorPorts(firebaseJsonPath: string): EmulatorPorts {
  const { emulators } = JSON.parse(readFileSync(firebaseJsonPath, 'utf8')) as {
    emulators?: Partial<Record<keyof EmulatorPorts, { port?: unknown }>>;
  };
  const port = (name: keyof EmulatorPorts) => {
    const value = emulators?.[name]?.port;
    if (typeof value !== 'number') throw new Error(`firebase.json gives the ${name} emulator no port.`);
    return value;
  };
  return { auth: port('auth'), firestore: port('firestore'), functions: port('functions') };
}
