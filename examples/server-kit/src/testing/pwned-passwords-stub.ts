import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PwnedPasswordsStub {
  /** Base URL, as PASSWORD_BREACH_API_URL takes it (`http://127.0.0.1:<port>`). */
  url: string;
  /** The paths asked for and whether each asked for padding, in order. */
  requests: { path: string; padding: boolean }[];
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the Pwned Passwords range API, behaving as documented at
 * https://haveibeenpwned.com/API/v3#PwnedPasswords and #PwnedPasswordsPadding:
 * - `GET /range/{first 5 hex of the SHA-1}` (case-insensitive), 200 `text/plain`, one line per
 *   suffix: the 35 remaining hex digits in upper case, a colon, the count; lines end in CRLF.
 * - With `Add-Padding: true`, random suffixes with a count of 0 are added so every answer has
 *   between 800 and 1,000 lines (the stub adds 800 minus the real ones).
 * - A prefix that is not five hex digits: 400 with a plain-text message.
 * `breached` maps passwords to their counts; `delayMs` holds each answer back (a slow API).
 */
export async function startPwnedPasswordsStub(
  breached: Record<string, number>,
  options: { delayMs?: number } = {},
): Promise<PwnedPasswordsStub> {
  const byHash = new Map(Object.entries(breached).map(([password, count]) => [sha1(password), count]));
  const requests: PwnedPasswordsStub['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const padding = String(req.headers['add-padding']).toLowerCase() === 'true';
    requests.push({ path: req.url ?? '', padding });
    const match = /^\/range\/([0-9A-Fa-f]{5})$/.exec(req.url ?? '');
    const answer = () => {
      if (!match) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('The hash prefix was not in a valid format');
        return;
      }
      const prefix = match[1]!.toUpperCase();
      const lines = [...byHash].filter(([hash]) => hash.startsWith(prefix)).map(([hash, count]) => `${hash.slice(5)}:${count}`);
      while (padding && lines.length < 800) lines.push(`${randomBytes(18).toString('hex').slice(0, 35).toUpperCase()}:0`);
      res.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
    };
    if (!options.delayMs) return answer();
    const timer = setTimeout(() => {
      timers.delete(timer);
      answer();
    }, options.delayMs);
    timers.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A base URL on which nothing listens (the API is down): a port just freed. */
export async function downApiUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const sha1 = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex').toUpperCase();
