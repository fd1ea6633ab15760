import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

export interface SteamStub {
  endpoint: string;
  apiUrl: string;
  apiKey: string;
  /** The account of the next sign-in, and a change to make to the next assertion (an attacker's edit, after signing). */
  signInAs(steamId: string, persona?: { name: string; avatar: string }, tamper?: (assertion: URLSearchParams) => URLSearchParams): void;
  /** check_authentication answers so far: true for each `is_valid:true`. */
  verdicts: boolean[];
  /** The keys of each check_authentication request, as sent. */
  checkRequests: string[][];
  /** Every URL the Web API was asked for (the key must never be in one). */
  apiRequests: string[];
  close(): Promise<void>;
}

/**
 * A Steam OpenID 2.0 provider on loopback: answers `checkid_setup` with a signed `id_res` (HMAC over
 * the `signed` fields), answers `check_authentication` with `is_valid:true` only for an untouched
 * assertion whose nonce it has not confirmed before, and serves GetPlayerSummaries to the key in
 * the `x-webapi-key` header.
 */
export async function startSteamStub(): Promise<SteamStub> {
  const secret = randomBytes(32);
  const apiKey = 'steam-web-api-key-0123456789';
  const confirmed = new Set<string>();
  const verdicts: boolean[] = [];
  const apiRequests: string[] = [];
  const checkRequests: string[][] = [];
  const personas = new Map<string, { name: string; avatar: string }>();
  let next = { steamId: '76561197960287930', tamper: (a: URLSearchParams) => a };
  let endpoint = '';

  const sign = (values: URLSearchParams) =>
    createHmac('sha256', secret)
      .update(SIGNED.map((field) => `${field}:${values.get(`openid.${field}`) ?? ''}\n`).join(''))
      .digest('base64');

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    if (url.pathname.startsWith('/ISteamUser/GetPlayerSummaries/v2/')) {
      apiRequests.push(req.url ?? '');
      if (req.headers['x-webapi-key'] !== apiKey) return void res.writeHead(403).end();
      const id = url.searchParams.get('steamids') ?? '';
      const persona = personas.get(id);
      const players = persona ? [{ steamid: id, personaname: persona.name, avatarfull: persona.avatar }] : [];
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response: { players } }));
    }
    if (url.pathname !== '/openid/login') return void res.writeHead(404).end();
    if (req.method === 'GET' && url.searchParams.get('openid.mode') === 'checkid_setup') {
      const returnTo = url.searchParams.get('openid.return_to') ?? '';
      const claimed = `https://steamcommunity.com/openid/id/${next.steamId}`;
      const assertion = new URLSearchParams({
        'openid.ns': NS,
        'openid.mode': 'id_res',
        'openid.op_endpoint': endpoint,
        'openid.claimed_id': claimed,
        'openid.identity': claimed,
        'openid.return_to': returnTo,
        'openid.response_nonce': `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
        'openid.assoc_handle': '1234567890',
        'openid.signed': SIGNED.join(','),
      });
      assertion.set('openid.sig', sign(assertion));
      const back = new URL(returnTo);
      for (const [key, value] of next.tamper(assertion)) back.searchParams.append(key, value);
      return void res.writeHead(302, { location: back.href }).end();
    }
    if (req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        // Steam reads a key only up to a NUL byte, the last value winning: `openid.claimed_id%00=<signed id>`
        // after a forged `openid.claimed_id` verifies as the signed one (passport-steam #127; goth #595;
        // omniauth-steam #36: "inject extra parameters containing unicode null bytes").
        const form = new URLSearchParams();
        for (const [key, value] of new URLSearchParams(raw)) form.set(key.split('\u0000')[0]!, value);
        checkRequests.push([...new URLSearchParams(raw).keys()]);
        const nonce = form.get('openid.response_nonce') ?? '';
        const valid = form.get('openid.mode') === 'check_authentication' && form.get('openid.sig') === sign(form) && !confirmed.has(nonce);
        if (valid) confirmed.add(nonce);
        verdicts.push(valid);
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`ns:${NS}\nis_valid:${valid}\n`);
      });
      return;
    }
    res.writeHead(400).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  endpoint = `${base}/openid/login`;
  return {
    endpoint,
    apiUrl: `${base}/`,
    apiKey,
    verdicts,
    apiRequests,
    checkRequests,
    signInAs(steamId, persona, tamper = (a) => a) {
      next = { steamId, tamper };
      if (persona) personas.set(steamId, persona);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
