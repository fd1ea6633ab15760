import { ProviderAnswerError, record, text, type ProviderProfile } from '../provider-definition.js';

/** Steam's only OpenID 2.0 endpoint; `endpoint` replaces it in tests. */
export const STEAM_OPENID_ENDPOINT = 'https://steamcommunity.com/openid/login';
const STEAM_API_BASE = 'https://api.steampowered.com/';
const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;
const MUST_BE_SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
const NONCE_WINDOW_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;

export interface SteamSettings {
  /** Where the browser comes back to; `?state=` is added per sign-in, and the answer must name it exactly. */
  returnTo: string;
  /** The realm shown to the user and sent as Origin/Referer of `check_authentication`. */
  realm: string;
  apiKey?: string | undefined;
  endpoint?: string | undefined;
  apiBase?: string | undefined;
}

/** Steam sign-in: OpenID 2.0 with `identifier_select`, verified by a direct `check_authentication`. */
export interface SteamProvider {
  readonly endpoint: string;
  authorizationUrl(state: string): string;
  /** Checks the assertion of the callback for this `state`; any doubt throws `ProviderAnswerError`. */
  verify(parameters: URLSearchParams, state: string, now: Date): Promise<ProviderProfile>;
}

const fail = (why: string): never => {
  throw new ProviderAnswerError(`Steam assertion refused: ${why}`);
};

/** A key Steam's answer may carry: `openid.` and a plain field name, or our own `state`. */
const CALLBACK_KEY = /^openid\.[a-z_]{1,32}$/;
const SIGNED_FIELD = /^[a-z_]{1,32}$/;

/**
 * Every key once, and only plain OpenID keys: a repeated parameter could make us check one value
 * and Steam another, and a key such as `openid.claimed_id%00` is read by Steam's parser as
 * `openid.claimed_id` (the trick of passport-steam #127 and goth #595 to choose a SteamID).
 */
function singleValued(parameters: URLSearchParams): Map<string, string> {
  const values = new Map<string, string>();
  for (const [key, value] of parameters) {
    if (key !== 'state' && !CALLBACK_KEY.test(key)) fail('the answer carries a parameter that is not OpenID');
    if (values.has(key)) fail(`parameter ${key} is repeated`);
    values.set(key, value);
  }
  return values;
}

/**
 * What `check_authentication` gets: exactly the signed fields (OpenID 2.0 §11.4.2.1), the signature,
 * its list and handle, and `ns`; nothing the browser added besides.
 */
function signedFields(values: Map<string, string>): URLSearchParams {
  const list = (values.get('openid.signed') ?? '').split(',');
  if (!list.every((field) => SIGNED_FIELD.test(field))) fail('openid.signed names an odd field');
  const expected = new Set([...list.map((field) => `openid.${field}`), 'openid.ns', 'openid.mode', 'openid.sig', 'openid.signed']);
  // Steam's answer has nothing unsigned besides these: anything else was added on the way.
  for (const key of values.keys()) if (key !== 'state' && !expected.has(key)) fail(`${key} is not signed`);
  const body = new URLSearchParams();
  for (const key of new Set([
    ...list.map((field) => `openid.${field}`),
    'openid.ns',
    'openid.sig',
    'openid.signed',
    'openid.assoc_handle',
  ])) {
    const value = values.get(key);
    if (value === undefined) fail(`${key} is signed but missing`);
    body.set(key, value!);
  }
  body.set('openid.mode', 'check_authentication');
  return body;
}

/** `response_nonce` starts with its UTC time (`2026-01-01T00:00:00Z`); it must be recent. */
function assertFreshNonce(nonce: string, now: Date): void {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)[\x21-\x7e]{0,255}$/.exec(nonce);
  const issued = match ? Date.parse(match[1]!) : Number.NaN;
  if (!Number.isFinite(issued) || Math.abs(now.getTime() - issued) > NONCE_WINDOW_MS) fail('response_nonce is not fresh');
}

/** `key:value` lines, each key once (OpenID 2.0 §4.1.1); anything else is not an answer. */
function parseKeyValueForm(body: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const line of body.split('\n')) {
    if (line === '') continue;
    const colon = line.indexOf(':');
    if (colon <= 0) fail('check_authentication answer is malformed');
    const key = line.slice(0, colon);
    if (pairs.has(key)) fail('check_authentication answer repeats a key');
    pairs.set(key, line.slice(colon + 1));
  }
  return pairs;
}

export function steamProvider(settings: SteamSettings): SteamProvider {
  const endpoint = settings.endpoint ?? STEAM_OPENID_ENDPOINT;
  const returnToFor = (state: string) => {
    const url = new URL(settings.returnTo);
    url.searchParams.set('state', state);
    return url.href;
  };

  async function checkAuthentication(values: Map<string, string>): Promise<void> {
    const body = signedFields(values);
    let answer: Response;
    try {
      answer = await fetch(endpoint, {
        method: 'POST',
        // Steam has at times refused check_authentication without these two.
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(settings.realm).origin, referer: settings.realm },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return fail('check_authentication did not answer');
    }
    if (answer.status !== 200) fail(`check_authentication answered ${answer.status}`);
    const text = await answer.text();
    if (text.length > 4096) fail('check_authentication answer is too long');
    const pairs = parseKeyValueForm(text);
    if (pairs.get('ns') !== OPENID_NS || pairs.get('is_valid') !== 'true') fail('Steam did not confirm the assertion');
  }

  async function personaOf(steamId: string): Promise<{ name: string | null; avatar: string | null }> {
    if (!settings.apiKey) return { name: null, avatar: null };
    try {
      const url = new URL(`ISteamUser/GetPlayerSummaries/v2/?steamids=${steamId}`, settings.apiBase ?? STEAM_API_BASE);
      // The key goes in a header, never in a URL that a proxy or log could keep.
      const answer = await fetch(url, {
        headers: { 'x-webapi-key': settings.apiKey, accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!answer.ok) return { name: null, avatar: null };
      const players = record(record(await answer.json()).response).players;
      const player = Array.isArray(players) ? record(players.find((p) => record(p).steamid === steamId)) : {};
      return { name: text(player.personaname), avatar: text(player.avatarfull) };
    } catch {
      // The name is a nicety: the sign-in stands on the SteamID alone.
      return { name: null, avatar: null };
    }
  }

  return {
    endpoint,
    authorizationUrl(state) {
      const url = new URL(endpoint);
      url.search = new URLSearchParams({
        'openid.ns': OPENID_NS,
        'openid.mode': 'checkid_setup',
        'openid.return_to': returnToFor(state),
        'openid.realm': settings.realm,
        'openid.identity': IDENTIFIER_SELECT,
        'openid.claimed_id': IDENTIFIER_SELECT,
      }).toString();
      return url.href;
    },

    async verify(parameters, state, now) {
      const values = singleValued(parameters);
      const get = (key: string) => values.get(`openid.${key}`);
      if (get('ns') !== OPENID_NS) fail('wrong openid.ns');
      if (get('mode') !== 'id_res') fail('openid.mode is not id_res');
      if (get('op_endpoint') !== endpoint) fail('openid.op_endpoint is not Steam');
      if (get('return_to') !== returnToFor(state)) fail('openid.return_to is not ours');
      const claimedId = get('claimed_id');
      const match = claimedId === undefined ? null : CLAIMED_ID.exec(claimedId);
      if (!match || get('identity') !== claimedId) fail('openid.claimed_id is not a Steam id');
      const signed = (get('signed') ?? '').split(',');
      if (!MUST_BE_SIGNED.every((field) => signed.includes(field)) || !get('sig')) fail('the signature does not cover the assertion');
      assertFreshNonce(get('response_nonce') ?? '', now);
      await checkAuthentication(values);
      const steamId = match![1]!;
      const persona = await personaOf(steamId);
      return {
        subject: steamId,
        issuer: 'https://steamcommunity.com/openid',
        email: null,
        emailVerified: false,
        displayName: persona.name,
        avatarUrl: persona.avatar,
        preferredUsername: persona.name,
      };
    },
  };
}
