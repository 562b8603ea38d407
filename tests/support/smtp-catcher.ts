/**
 * A real SMTP server in the test process that keeps every message it accepts, parsed.
 *
 *   const catcher = await startSmtpCatcher();            // random free port on 127.0.0.1
 *   const catcher = await startSmtpCatcher({ port: 2525 }); // where the functions emulator sends
 *   ...
 *   const [mail] = await catcher.waitForMessages(1);     // resolves as soon as one has arrived
 *   mail.subject; mail.text; mail.html; mail.replyTo; mail.envelope.to; mail.headers.get('x-enquiry-id')
 *   catcher.setRejecting(true);   // every new mail is refused with a transient 451, as in an outage
 *   catcher.setPaused(true);      // a slow server: mail is read but not answered until setPaused(false)
 *   catcher.setQuota(100);        // a provider's daily quota: the 101st mail is refused (550 5.4.5)
 *   await catcher.waitForHeld(1); // a sender is now mid-send, waiting for the server's reply
 *   catcher.clear();              // forget what arrived (the same array, emptied)
 *   await catcher.close();
 *
 * A message is in `messages` before the server answers 250, so when a sender's `sendMail`
 * resolves, its mail is already here: tests can count without waiting.
 * STARTTLS is not offered (no certificates in tests); AUTH is optional and any login is accepted.
 */
import { EventEmitter } from 'node:events';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { DELIVERY_TIMEOUT_MS } from './deadlines';

export type CaughtMail = ParsedMail & {
  /** The SMTP envelope: who the server was told the mail is from and for (Bcc included). */
  envelope: { from: string; to: string[] };
  /** Date.now() when the message was accepted. */
  receivedAt: number;
  /** The user name the sender logged in with, or null without AUTH. */
  login: string | null;
};

/** What a refusing server answers; 451 is "try again later", 550 a permanent refusal. */
export type RejectReply = { code: number; message: string };

export type SmtpCatcherOptions = {
  /** 0 or unset: a random free port. */
  port?: number;
  host?: string;
  /** Start refusing every mail: true for a transient 451, or a reply of your choice. */
  reject?: boolean | RejectReply;
  /**
   * Keep the visitors' acknowledgements (`Auto-Submitted: auto-replied`, on by default in the
   * emulator's settings) in `acknowledgements`, so `messages` is what the sales team got.
   */
  acknowledgementsApart?: boolean;
};

export type SmtpCatcher = {
  port: number;
  host: string;
  /** Accepted mail, oldest first. Live: it grows as mail arrives and `clear()` empties it. */
  messages: CaughtMail[];
  /** With `acknowledgementsApart`: the visitors' acknowledgements, oldest first (else always empty). */
  acknowledgements: CaughtMail[];
  /** Resolves with the first acknowledgement (already here or still to come) that `match` accepts. */
  waitForAcknowledgement(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** How many mails were refused while rejecting, or over the quota. */
  readonly rejectedCount: number;
  /** Mails accepted since the quota was set (a new day starts with setQuota again). */
  readonly quotaUsed: number;
  /** Mails read while paused and not yet answered (so not yet in `messages`). */
  readonly heldCount: number;
  /** Resolves with the messages once at least `count` have arrived; rejects after `timeoutMs`. */
  waitForMessages(count: number, timeoutMs?: number): Promise<CaughtMail[]>;
  /** Resolves with the first message (already here or still to come) that `match` accepts. */
  waitForMessage(match: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** Resolves once at least `count` mails are held unanswered by a paused server. */
  waitForHeld(count: number, timeoutMs?: number): Promise<void>;
  clear(): void;
  setRejecting(reject: boolean | RejectReply): void;
  /** Accepts at most `limit` mails from now on, then refuses as a provider over its quota does; null lifts it. */
  setQuota(limit: number | null): void;
  /** While paused, mail is read but the server's reply is withheld; unpausing accepts it all. */
  setPaused(paused: boolean): void;
  close(): Promise<void>;
};

export const TRANSIENT_REJECTION: RejectReply = {
  code: 451,
  message: '4.3.0 Mail service temporarily unavailable',
};
/** What Gmail answers past its daily sending limit: a 5xx that means "not today". */
export const QUOTA_REJECTION: RejectReply = {
  code: 550,
  message: '5.4.5 Daily user sending quota exceeded',
};
/** How long close() lets open client connections linger before cutting them. */
const CLOSE_GRACE_MS = 1_000;

function smtpError(reply: RejectReply): Error {
  return Object.assign(new Error(reply.message), { responseCode: reply.code });
}

function addressOf(address: SMTPServerAddress | false): string {
  return address ? address.address : '';
}

export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const host = options.host ?? '127.0.0.1';
  const messages: CaughtMail[] = [];
  const acknowledgements: CaughtMail[] = [];
  const arrivals = new EventEmitter();
  arrivals.setMaxListeners(0);
  let rejection: RejectReply | null = null;
  let rejectedCount = 0;
  let paused = false;
  let quota: number | null = null;
  let quotaUsed = 0;
  const held: { mail: CaughtMail; reply: () => void }[] = [];

  const accept = (mail: CaughtMail, reply: () => void) => {
    if (options.acknowledgementsApart && mail.headers.get('auto-submitted') === 'auto-replied') {
      acknowledgements.push(mail);
      arrivals.emit('acknowledgement', mail);
    } else {
      messages.push(mail);
      arrivals.emit('mail', mail);
    }
    reply();
  };

  const setRejecting = (reject: boolean | RejectReply) => {
    rejection = reject === true ? TRANSIENT_REJECTION : reject === false ? null : reject;
  };
  setRejecting(options.reject ?? false);

  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    closeTimeout: CLOSE_GRACE_MS,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onMailFrom(_address, _session, callback) {
      if (rejection) {
        rejectedCount += 1;
        callback(smtpError(rejection));
        return;
      }
      // Counted when the mail is started, so concurrent senders cannot overshoot the quota.
      if (quota !== null && quotaUsed >= quota) {
        rejectedCount += 1;
        callback(smtpError(QUOTA_REJECTION));
        return;
      }
      if (quota !== null) quotaUsed += 1;
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = Object.assign(parsed, {
            envelope: {
              from: addressOf(session.envelope.mailFrom),
              to: session.envelope.rcptTo.map(addressOf),
            },
            receivedAt: Date.now(),
            login: typeof session.user === 'string' ? session.user : null,
          });
          const reply = () => callback(null, `queued as ${messages.length}`);
          if (paused) {
            held.push({ mail, reply });
            arrivals.emit('held');
          } else {
            accept(mail, reply);
          }
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.server.once('error', onError);
    server.listen(options.port ?? 0, host, () => {
      server.server.off('error', onError);
      const address = server.server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('the SMTP catcher has no port'));
    });
  });
  // After start-up, a broken client connection must not crash the test run.
  server.on('error', () => undefined);

  function waitFor(
    event: string,
    done: () => boolean,
    timeoutMs: number,
    describe: () => string,
  ): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        arrivals.off(event, check);
        resolve();
      };
      const timer = setTimeout(() => {
        arrivals.off(event, check);
        reject(new Error(describe()));
      }, timeoutMs);
      arrivals.on(event, check);
    });
  }

  function waitForMessages(count: number, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<CaughtMail[]> {
    const describe = () => {
      const subjects = messages.map((mail) => mail.subject ?? '(no subject)').join(' | ');
      return `expected ${count} mails at the SMTP catcher within ${timeoutMs} ms, got ${messages.length}: ${subjects}`;
    };
    return waitFor('mail', () => messages.length >= count, timeoutMs, describe).then(() => messages);
  }

  async function waitForMessage(
    match: (mail: CaughtMail) => boolean,
    timeoutMs = DELIVERY_TIMEOUT_MS,
  ): Promise<CaughtMail> {
    const describe = () =>
      `no matching mail at the SMTP catcher within ${timeoutMs} ms (${messages.length} arrived)`;
    await waitFor('mail', () => messages.some(match), timeoutMs, describe);
    return messages.find(match) as CaughtMail;
  }

  async function waitForAcknowledgement(
    match: (mail: CaughtMail) => boolean,
    timeoutMs = DELIVERY_TIMEOUT_MS,
  ): Promise<CaughtMail> {
    const describe = () =>
      `no matching acknowledgement at the SMTP catcher within ${timeoutMs} ms (${acknowledgements.length} arrived)`;
    await waitFor('acknowledgement', () => acknowledgements.some(match), timeoutMs, describe);
    return acknowledgements.find(match) as CaughtMail;
  }

  return {
    port,
    host,
    messages,
    acknowledgements,
    waitForAcknowledgement,
    get rejectedCount() {
      return rejectedCount;
    },
    get heldCount() {
      return held.length;
    },
    get quotaUsed() {
      return quotaUsed;
    },
    setQuota(limit) {
      quota = limit;
      quotaUsed = 0;
    },
    waitForMessages,
    waitForMessage,
    waitForHeld(count, timeoutMs = DELIVERY_TIMEOUT_MS) {
      return waitFor(
        'held',
        () => held.length >= count,
        timeoutMs,
        () => `expected ${count} held mails at the SMTP catcher within ${timeoutMs} ms, got ${held.length}`,
      );
    },
    setPaused(pause) {
      paused = pause;
      if (!pause) for (const { mail, reply } of held.splice(0)) accept(mail, reply);
    },
    clear() {
      messages.length = 0;
      acknowledgements.length = 0;
      rejectedCount = 0;
    },
    setRejecting,
    close() {
      for (const { mail, reply } of held.splice(0)) accept(mail, reply);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
