import { AuthError } from '@gatehousejs/core';
import { z } from 'zod';

// Readers of one environment variable each: a missing or blank one is the fallback, a bad one a
// sentence naming the variable (never its value).

/** A rule written `5/15m` (limit / window) in the environment. */
export function rule(env: NodeJS.ProcessEnv, name: string): { limit: string; windowSeconds: string } | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const [limit, window, ...rest] = raw.split('/');
  if (!limit || !window || rest.length > 0) throw new ConfigurationError(`${name} must look like 5/15m (limit/window).`);
  return { limit: limit.trim(), windowSeconds: window.trim() };
}

/** A setting that cannot be used; the message names the variable and never echoes its value. */
export class ConfigurationError extends AuthError {
  override readonly name: string = 'ConfigurationError';
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('INVALID_CONFIG', message, undefined, options);
  }
}

export const TRUE = ['true', '1', 'yes', 'on'];
export const FALSE = ['false', '0', 'no', 'off'];

export function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (TRUE.includes(raw)) return true;
  if (FALSE.includes(raw)) return false;
  throw new ConfigurationError(`${name} must be true or false.`);
}

export function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const parsed = z.coerce.number().int().min(0).max(65_535).safeParse(raw);
  if (!parsed.success) throw new ConfigurationError(`${name} must be a port number between 0 and 65535.`);
  return parsed.data;
}

export function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ConfigurationError(`${name} must be one of ${allowed.join(', ')}.`);
}

export function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,2}$/.test(raw)) throw new ConfigurationError(`${name} must be a small whole number.`);
  return Number(raw);
}

/** `CORS_ORIGINS=https://app.example.com,https://admin.example.com`; `*` is refused on purpose. */
export function origins(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of list) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigurationError(`${name} must list origins such as https://app.example.com (no paths, no *).`);
    }
  }
  return list;
}

export const value = (env: NodeJS.ProcessEnv, name: string) => {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
};
