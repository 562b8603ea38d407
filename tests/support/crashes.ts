/**
 * An instance that dies mid-work, for the crash-injection tests: the step before the fault
 * completes for real (the mail reaches the SMTP server), and then nothing after it ever runs,
 * as when Cloud Functions kills an instance. The promise it returns never settles; the test moves
 * on without it, as the platform would.
 */
import type { OutgoingMail } from '../../functions/src/channels/mail/message';
import type { MailTransport, SentMail } from '../../functions/src/channels/mail/transport';

/** Never settles: whatever awaited it is gone. */
export const dead = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** Sends through the real transport, then dies before the sender can record anything. */
export async function sendThenDie(transport: MailTransport, mail: OutgoingMail): Promise<SentMail> {
  await transport.send(mail);
  return dead<SentMail>();
}
