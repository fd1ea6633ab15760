import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild, stopChild, waitUntil, type Child } from './processes.js';

/** The built reports service (../../resource-service), which `buildExamples` compiles with the examples. */
const ENTRY_POINT = fileURLToPath(new URL('../../resource-service/dist/main.js', import.meta.url));

/** Where nginx sends the reports service's requests, and the prefix of all its routes. */
export const RESOURCE_PATH = '/reports/';

/**
 * How long the reports service uses a fetched key set, and the least time between two fetches. The
 * runbook's waits for verifiers (docs/keys.md) are this long in the test instead of minutes.
 */
export const JWKS_CACHE_MAX_AGE_MS = 2000;
export const JWKS_COOLDOWN_MS = 1000;

/** A resource service: no database, no secret, only the issuer's JWKS URL (docs/keys.md, "Protect another service"). */
export interface ResourceService {
  readonly port: number;
  readonly logFile: string;
  /** Its end, if it ended: it is never stopped before the cluster closes. */
  exit(): ReturnType<Child['exit']>;
  stop(): Promise<void>;
}

export async function startResourceService(port: number, dir: string, env: Record<string, string>): Promise<ResourceService> {
  const logFile = join(dir, 'reports-service.log');
  const child = startChild('reports', process.execPath, [ENTRY_POINT], logFile, {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWKS_CACHE_MAX_AGE_MS: String(JWKS_CACHE_MAX_AGE_MS),
      JWKS_COOLDOWN_MS: String(JWKS_COOLDOWN_MS),
    },
  });
  const health = async () => {
    const response = await fetch(`http://127.0.0.1:${port}${RESOURCE_PATH}health`, { signal: AbortSignal.timeout(1000) });
    await response.arrayBuffer();
    return response.status === 200;
  };
  if (!(await waitUntil(async () => child.exit() !== undefined || (await health()), 30_000)) || child.exit() !== undefined) {
    throw new Error(`the reports service did not start; see ${logFile}`);
  }
  return { port, logFile, exit: () => child.exit(), stop: async () => void (await stopChild(child)) };
}
