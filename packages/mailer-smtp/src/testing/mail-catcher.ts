import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Address, type Email } from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message the catcher accepted. Frozen: what a test reads is what the catcher holds. */
export interface CaughtMail {
  readonly id: string;
  /** Envelope sender (MAIL FROM), or the From header's address for a null sender. */
  readonly from: string;
  /** Envelope recipients (RCPT TO), Bcc included. */
  readonly to: readonly string[];
  /** Decoded Subject header; '' when there is none. */
  readonly subject: string;
  /** The text part; '' when there is none. */
  readonly text: string;
  /** The HTML part; '' when there is none. */
  readonly html: string;
  readonly receivedAt: Date;
  /** Header values as they stand in the message (not decoded), by header name as it was written. */
  readonly headers: Readonly<Record<string, readonly string[]>>;
  /** The name the client gave in HELO/EHLO. */
  readonly helo: string;
  /** The whole message as received. */
  readonly raw: string;
}

export interface MailCatcherOptions {
  /** Defaults to 127.0.0.1: the catcher accepts mail from anyone who can reach it. */
  host?: string;
  /** Defaults to 1025; 0 picks a free port (read it back from `port`). */
  port?: number;
  /** How many messages are kept; the oldest go first. Defaults to 500. */
  maxMessages?: number;
  /** Larger messages are refused with 552. Defaults to 2 MiB. */
  maxMessageBytes?: number;
  /** Told about connection errors after start-up (a client that hung up, …). Ignored by default. */
  onError?: (error: Error) => void;
  /** The clock for `receivedAt`. */
  now?: () => Date;
}

export interface WaitForOptions {
  /** Defaults to 5000. */
  timeoutMs?: number;
}

export interface MailCatcher {
  readonly host: string;
  readonly port: number;
  /** The kept messages, oldest first. A copy: changing it changes nothing in the catcher. */
  messages(): CaughtMail[];
  /**
   * The oldest kept message that matches, or else the next one to arrive that matches. Rejects after
   * `timeoutMs`, or when the catcher closes. Mails are often sent in the background after the HTTP
   * answer, so a test waits for them instead of reading `messages()` right away.
   */
  waitFor(predicate: (mail: CaughtMail) => boolean, options?: WaitForOptions): Promise<CaughtMail>;
  /** Forgets every kept message. */
  clear(): void;
  /** Stops listening; connections still open are cut after a second. Pending `waitFor`s reject. */
  close(): Promise<void>;
}

interface Waiter {
  predicate: (mail: CaughtMail) => boolean;
  resolve: (mail: CaughtMail) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | undefined;
}

/**
 * A development SMTP server that keeps what it receives in memory, in place of MailHog: no TLS, any
 * or no credentials accepted, every message parsed with postal-mime. Never expose it beyond the
 * development machine: the mails it holds carry live verification and reset tokens.
 *
 * @example
 * ```ts
 * const catcher = await startMailCatcher({ port: 0 });
 * const mailer = createSmtpMailer({ appUrl, from, transport: { host: catcher.host, port: catcher.port, secure: false, ignoreTLS: true } });
 * // … register alice@example.com through the API, then:
 * const mail = await catcher.waitFor((m) => m.to.includes('alice@example.com'));
 * const link = /https?:\/\/\S+verify-email\?token=\S+/.exec(mail.text)?.[0];
 * await catcher.close();
 * ```
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const maxMessages = options.maxMessages ?? 500;
  const maxMessageBytes = options.maxMessageBytes ?? 2 * 1024 * 1024;
  const now = options.now ?? (() => new Date());
  const onError = options.onError ?? (() => {});

  const kept: CaughtMail[] = [];
  const waiters = new Set<Waiter>();
  let closing: Promise<void> | undefined;

  function keep(mail: CaughtMail): void {
    kept.push(mail);
    if (kept.length > maxMessages) kept.splice(0, kept.length - maxMessages);
    for (const waiter of waiters) settle(waiter, mail);
  }

  function settle(waiter: Waiter, mail: CaughtMail): void {
    let matches: boolean;
    try {
      matches = waiter.predicate(mail);
    } catch (error) {
      finish(waiter);
      waiter.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (!matches) return;
    finish(waiter);
    waiter.resolve(mail);
  }

  function finish(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
  }

  async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<void> {
    const raw = await readMessage(stream, maxMessageBytes);
    if (raw === undefined) throw smtpError(552, 'Message exceeds fixed maximum message size');
    const email = await PostalMime.parse(raw).catch((error: unknown) => {
      throw smtpError(554, `Could not parse the message: ${String(error)}`);
    });
    keep(toCaughtMail(email, raw, session, now()));
  }

  const server = new SMTPServer({
    banner: 'Gatehouse development mail catcher',
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    size: maxMessageBytes,
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      receive(stream, session).then(() => callback(), callback);
    },
  });

  await new Promise<void>((resolve, reject) => {
    let listening = false;
    server.on('error', (error: Error) => {
      if (listening) onError(error);
      else reject(listenError(error, host, options.port ?? 1025));
    });
    server.listen(options.port ?? 1025, host, () => {
      listening = true;
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    host,
    port,
    messages: () => [...kept],
    clear: () => {
      kept.length = 0;
    },
    waitFor(predicate, { timeoutMs = 5000 } = {}) {
      return new Promise<CaughtMail>((resolve, reject) => {
        const waiter: Waiter = { predicate, resolve, reject, timer: undefined };
        waiters.add(waiter);
        for (const mail of kept) {
          settle(waiter, mail);
          if (!waiters.has(waiter)) return;
        }
        if (closing) {
          finish(waiter);
          reject(new Error('waitFor: the mail catcher is closed and holds no matching mail'));
          return;
        }
        waiter.timer = setTimeout(() => {
          finish(waiter);
          reject(new Error(timeoutMessage(timeoutMs, kept)));
        }, timeoutMs);
      });
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const waiter of waiters) {
          finish(waiter);
          waiter.reject(new Error('waitFor: the mail catcher closed before a matching mail arrived'));
        }
        server.close(() => resolve());
      });
      return closing;
    },
  };
}

/** The whole message, or undefined when it is over the limit (the stream is still drained). */
async function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return stream.sizeExceeded || size > maxBytes ? undefined : Buffer.concat(chunks);
}

function toCaughtMail(email: Email, raw: Buffer, session: SMTPServerSession, receivedAt: Date): CaughtMail {
  const headers: Record<string, string[]> = {};
  for (const header of email.headers) (headers[header.originalKey] ??= []).push(header.value);
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  return Object.freeze({
    id: randomUUID(),
    from: envelopeFrom || firstAddress(email.from),
    to: Object.freeze(session.envelope.rcptTo.map((recipient) => recipient.address)),
    subject: email.subject ?? '',
    text: email.text ?? '',
    html: email.html ?? '',
    receivedAt,
    headers: Object.freeze(headers),
    helo: session.hostNameAppearsAs || '',
    raw: raw.toString('utf8'),
  });
}

function firstAddress(address: Address | undefined): string {
  if (!address) return '';
  return address.address ?? address.group[0]?.address ?? '';
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** Names the address in the message; keeps `code` so a caller can tell EADDRINUSE apart and retry. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const wrapped: NodeJS.ErrnoException = new Error(`The mail catcher could not listen on ${host}:${port}: ${error.message}`, {
    cause: error,
  });
  if (error.code !== undefined) wrapped.code = error.code;
  return wrapped;
}

function timeoutMessage(timeoutMs: number, kept: readonly CaughtMail[]): string {
  const subjects = kept.slice(-10).map((mail) => JSON.stringify(mail.subject));
  const seen = kept.length === 0 ? 'no mail was caught' : `${kept.length} caught, latest subjects: ${subjects.join(', ')}`;
  return `waitFor: no matching mail arrived within ${timeoutMs} ms (${seen})`;
}
