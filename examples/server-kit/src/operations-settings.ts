import { parseTrustedProxies } from '@gatehousejs/http';
import { ConfigurationError } from './env-config.js';

/** How the example behaves around its dependencies and its own life: timeouts, pools, proxies, shutdown. */
export interface OperationsSettings {
  /** `TRUST_PROXY`: addresses and CIDR ranges of the reverse proxies whose X-Forwarded-For counts. */
  trustedProxies: string[];
  /** `SHUTDOWN_TIMEOUT`: how long SIGTERM may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  database: {
    /** `DATABASE_POOL_SIZE`: connections at most per instance (PostgreSQL, MySQL/MariaDB). */
    poolSize: number;
    /** `DATABASE_CONNECT_TIMEOUT`: waiting for a connection, at start and per request. */
    connectTimeoutMs: number;
    /** `DATABASE_QUERY_TIMEOUT`: one statement. */
    queryTimeoutMs: number;
  };
  redis: {
    /** `REDIS_CONNECT_TIMEOUT`: opening the connection. */
    connectTimeoutMs: number;
    /** `REDIS_COMMAND_TIMEOUT`: one command. */
    commandTimeoutMs: number;
  };
  /** `READINESS_TIMEOUT`: how long each dependency has to answer `GET /api/v1/health/ready`. */
  readinessTimeoutMs: number;
}

const UNITS_MS: Readonly<Record<string, number>> = Object.freeze({ ms: 1, s: 1_000, m: 60_000 });
const MAX_MS = 3_600_000;

/** `500ms`, `5s`, `1m` or plain seconds (`5`), like every duration of the example, in milliseconds. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallbackMs: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallbackMs;
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/i.exec(raw);
  const ms = match ? Math.round(Number(match[1]) * UNITS_MS[(match[2] ?? 's').toLowerCase()]!) : NaN;
  if (!(ms >= 1 && ms <= MAX_MS)) throw new ConfigurationError(`${name} must be a duration such as 500ms, 5s or 1m (at most 1h).`);
  return ms;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    throw new ConfigurationError(`${name} must be a whole number from 1 to ${max}.`);
  return Number(raw);
}

function trustedProxies(env: NodeJS.ProcessEnv, name: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    parseTrustedProxies(list);
  } catch (error) {
    // The entry is an address the operator wrote, not a secret: naming it helps find the typo.
    throw new ConfigurationError(`${name} must list IP addresses or CIDR ranges such as 10.0.0.0/8 (${(error as Error).message}).`);
  }
  return list;
}

/**
 * Reads the operational variables (docs/configuration.md): timeouts with defaults that fail a
 * request within seconds instead of hanging it, pool size, proxies, shutdown deadline.
 */
export function readOperationsSettings(env: NodeJS.ProcessEnv): OperationsSettings {
  return {
    trustedProxies: trustedProxies(env, 'TRUST_PROXY'),
    shutdownTimeoutMs: milliseconds(env, 'SHUTDOWN_TIMEOUT', 10_000),
    database: {
      poolSize: wholeNumber(env, 'DATABASE_POOL_SIZE', 10, 1000),
      connectTimeoutMs: milliseconds(env, 'DATABASE_CONNECT_TIMEOUT', 5_000),
      queryTimeoutMs: milliseconds(env, 'DATABASE_QUERY_TIMEOUT', 5_000),
    },
    redis: {
      connectTimeoutMs: milliseconds(env, 'REDIS_CONNECT_TIMEOUT', 5_000),
      commandTimeoutMs: milliseconds(env, 'REDIS_COMMAND_TIMEOUT', 1_000),
    },
    readinessTimeoutMs: milliseconds(env, 'READINESS_TIMEOUT', 1_000),
  };
}
