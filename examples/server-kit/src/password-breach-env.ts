/** PASSWORD_BREACH_CHECK and PASSWORD_BREACH_API_URL, parsed once. */
export type PasswordBreachSettings = { enabled: false } | { enabled: true; apiUrl: string; timeoutMs: number };

/** Have I Been Pwned's range API (https://haveibeenpwned.com/API/v3#PwnedPasswords). */
export const PWNED_PASSWORDS_API = 'https://api.pwnedpasswords.com';
/**
 * How long a sign-up waits for the range before accepting the password without it: the API answers
 * from a CDN in tens of milliseconds, so 1.5 s means it is down or unreachable.
 */
const TIMEOUT_MS = 1500;

const read = (env: NodeJS.ProcessEnv, name: string) => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};

/**
 * `PASSWORD_BREACH_CHECK=hibp` turns the check on (`off`, the default, leaves it off).
 * `PASSWORD_BREACH_API_URL` points it at another server speaking the same API (a local stub in
 * tests); it must be https unless it is on this machine.
 */
export function readPasswordBreachSettings(env: NodeJS.ProcessEnv, fail: (message: string) => Error): PasswordBreachSettings {
  const mode = (read(env, 'PASSWORD_BREACH_CHECK') ?? 'off').toLowerCase();
  if (mode !== 'off' && mode !== 'hibp') throw fail('PASSWORD_BREACH_CHECK must be one of off, hibp.');
  const apiUrl = (read(env, 'PASSWORD_BREACH_API_URL') ?? PWNED_PASSWORDS_API).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw fail('PASSWORD_BREACH_API_URL must be an http(s) URL.');
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw fail('PASSWORD_BREACH_API_URL must be an https URL (plain http only for a local stub on 127.0.0.1 or localhost).');
  }
  return mode === 'hibp' ? { enabled: true, apiUrl, timeoutMs: TIMEOUT_MS } : { enabled: false };
}
