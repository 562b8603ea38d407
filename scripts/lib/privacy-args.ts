/**
 * The pure half of `npm run privacy`: its arguments, and where it runs (the emulator's demo
 * project unless --project names a real one).
 */
import { parseArgs } from 'node:util';
import { PROJECT_ID } from './project';

export const PRIVACY_USAGE = [
  'usage: npm run privacy -- find|export|erase --email <address> | --phone <number> [--project <id>] [--out file.json] [--yes]',
  '       npm run privacy -- purge-expired',
].join('\n');

export class PrivacyUsageError extends Error {}

export type PrivacyCommand =
  | {
      action: 'find' | 'export' | 'erase';
      identifier: { kind: 'email' | 'phone'; raw: string };
      projectId: string;
      out: string | null;
      yes: boolean;
    }
  | { action: 'purge-expired'; projectId: string };

export function parsePrivacyArgs(argv: string[]): PrivacyCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        phone: { type: 'string' },
        project: { type: 'string' },
        out: { type: 'string' },
        yes: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new PrivacyUsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [action, ...extra] = positionals;
  if (extra.length) throw new PrivacyUsageError(`unexpected ${extra.join(' ')}`);
  const projectId = values.project ?? PROJECT_ID;
  if (!/^[a-z0-9-]{4,40}$/.test(projectId))
    throw new PrivacyUsageError(`"${projectId}" is not a Firebase project id`);
  if (action === 'purge-expired') {
    if (!projectId.startsWith('demo-'))
      throw new PrivacyUsageError(
        'purge-expired is for the emulator: in a real project the TTL policy deletes expired documents.',
      );
    return { action, projectId };
  }
  if (action !== 'find' && action !== 'export' && action !== 'erase')
    throw new PrivacyUsageError('say find, export, erase or purge-expired');
  if ((values.email === undefined) === (values.phone === undefined))
    throw new PrivacyUsageError('give exactly one of --email and --phone');
  const identifier =
    values.email !== undefined
      ? { kind: 'email' as const, raw: values.email }
      : { kind: 'phone' as const, raw: values.phone ?? '' };
  return { action, identifier, projectId, out: values.out ?? null, yes: values.yes ?? false };
}
