import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher, type MailCatcher } from '@gatehousejs/example-server-kit';
import { startBalancer, type Balancer } from './nginx-balancer.js';
import { createPrivatePostgres, type PrivatePostgres } from './private-postgres.js';
import { createPrivateRedis, type PrivateRedis } from './private-redis.js';
import { freePort, tail } from './processes.js';
import { startResourceService, type ResourceService } from './resource-service.js';
import { createServerInstance, type Framework, type ServerInstance } from './server-instance.js';
import { newSigningKey, type SigningKey } from './signing-keys.js';
import type { ClusterTools } from './tools.js';

/**
 * Failed logins per account and client before the lockout. Attempts are counted before the password
 * check, so the load's parallel logins of one account (at most 32 in flight) must stay under it; the
 * lockout case sends exactly this many failures.
 */
export const LOGIN_FAILURE_LIMIT = 40;

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));

/** Instances in nginx's order: Express and Hono mixed. */
export const FRAMEWORKS: Framework[] = ['express', 'hono', 'express'];

/** Seconds an instance is given to drain after SIGTERM (SHUTDOWN_TIMEOUT). */
// A drain waits for each idle keep-alive connection to be closed by nginx (2 s) or Node (5 s).
export const SHUTDOWN_TIMEOUT_SECONDS = 8;

/**
 * Access tokens live 15 s (JWT_EXPIRATION_TIME) plus at most 1 s of jitter: short, so the key
 * rotation can retire a key within the test. Clients refresh before a token runs out, as the
 * typed client does; the load does too (load-generator.ts).
 */
export const ACCESS_TOKEN_SECONDS = 15;
export const JITTER_SECONDS = 1;
/** `iss` and `aud` of the cluster's access tokens, which the resource service checks as any verifier should. */
export const ISSUER = 'https://auth.cluster.test';
export const AUDIENCE = 'cluster-test';

export interface Cluster {
  readonly dir: string;
  readonly postgres: PrivatePostgres;
  readonly redis: PrivateRedis;
  readonly mail: MailCatcher;
  readonly instances: ServerInstance[];
  /** The reports service behind nginx's `/reports/`: verifies the cluster's tokens from its JWKS alone. */
  readonly resource: ResourceService;
  readonly balancer: Balancer;
  /** The key the instances were started with (JWT_PRIVATE_KEY): the rotation replaces it. */
  readonly signingKey: SigningKey;
  /** Start times of the instances at start-up, in ms. */
  readonly startMs: number[];
  /** The log tails of every instance and of nginx, for a failure message. */
  logs(): string;
  close(): Promise<void>;
}

/**
 * Makes the examples' dist current (`tsc -b`, incremental: about a second when nothing changed;
 * CI's `pnpm typecheck` has built it already), since the instances run as `pnpm start` does.
 */
export function buildExamples(): void {
  const tsc = createRequire(join(REPOSITORY, 'package.json')).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: REPOSITORY, stdio: 'pipe' });
}

/**
 * The environment of every instance: the same keys, database, Redis and SMTP server, so any
 * instance can serve any request. Access tokens are signed with Ed25519 (`signingKey`), so the
 * resource service can verify them from the JWKS. Cheap Argon2 parameters keep the machine's two
 * cores for routing, not hashing; the auth-request limit is raised because every test client comes
 * from 127.0.0.1, while the lockout keeps its default (5 failures / 15 min).
 */
export function instanceEnvironment(
  postgres: PrivatePostgres,
  redis: PrivateRedis,
  mail: MailCatcher,
  publicUrl: string,
  signingKey: SigningKey,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    APP_URL: publicUrl,
    DATABASE_URL: postgres.url,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: redis.url,
    RATE_LIMIT_STORE: 'redis',
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_AUTH_REQUESTS: '1000000/1m',
    // Login attempts are counted before the password check (issue 13): the load sends many parallel
    // logins of one account through one proxy address, which the default 5/15m would lock.
    RATE_LIMIT_LOGIN_FAILURES: `${LOGIN_FAILURE_LIMIT}/15m`,
    RATE_LIMIT_MAILS: '1000/1h',
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_TIMEOUT: `${SHUTDOWN_TIMEOUT_SECONDS}s`,
    JWT_ALGORITHM: 'EdDSA',
    JWT_PRIVATE_KEY: signingKey.privateJwk,
    JWT_EXPIRATION_TIME: `${ACCESS_TOKEN_SECONDS}s`,
    JWT_JITTER_SECONDS: String(JITTER_SECONDS),
    JWT_ISSUER: ISSUER,
    JWT_AUDIENCE: AUDIENCE,
    JWT_REFRESH_SECRET: 'cluster-test-refresh-secret-0123456789abcdef',
    ARGON2_MEMORY_COST: '4096',
    ARGON2_TIME_COST: '1',
    SMTP_HOST: mail.host,
    SMTP_PORT: String(mail.port),
    MAIL_FROM: 'Gatehouse <no-reply@cluster.test>',
  };
}

/** nginx's log lines that a rolling restart or a stopped instance is expected to write. */
const NGINX_EXPECTED = /\(111: Connection refused\)|upstream server temporarily disabled/;

/** The first and the last lines of nginx's log but the expected ones: the first say what began it, the last how it ended. */
function unexpectedNginxLines(file: string): string {
  const lines = tail(file, Number.MAX_SAFE_INTEGER, NGINX_EXPECTED).split('\n');
  return lines.length <= 20 ? lines.join('\n') : [...lines.slice(0, 12), `… ${lines.length - 17} more …`, ...lines.slice(-5)].join('\n');
}

/** PostgreSQL, Redis, a mail catcher, three instances (first alone, so migrations run once), nginx and the resource service. */
export async function startCluster(tools: ClusterTools): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-cluster-'));
  // nginx's workers and PostgreSQL run as other users when we are root; they need to reach their folders.
  chmodSync(dir, 0o755);
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch(() => {});
    if (process.env.GATEHOUSE_CLUSTER_KEEP_LOGS !== '1') rmSync(dir, { recursive: true, force: true });
  };
  let instances: ServerInstance[] = [];
  const logs = () =>
    [
      ...instances.map((i) => `--- instance ${i.index} (${i.framework}) ${i.logFile}\n${tail(i.logFile, 15)}`),
      `--- reports service\n${tail(join(dir, 'reports-service.log'), 10)}`,
      // A restart fills nginx's log with refused connections (retried on another instance); what
      // else it logged (a reset after the request was sent, no live upstream) explains a 502.
      `--- nginx (refused connections left out)\n${unexpectedNginxLines(join(dir, 'nginx', 'nginx-error.log'))}`,
      `--- postgres\n${tail(join(dir, 'postgres.log'), 10)}`,
    ].join('\n');
  try {
    const postgres = await createPrivatePostgres(tools, dir);
    closers.push(() => postgres.stop());
    const redis = await createPrivateRedis(tools, dir);
    closers.push(() => redis.stop());
    const mail = await startMailCatcher({ port: 0, maxMessages: 200 });
    closers.push(() => mail.close());
    const ports = await Promise.all(FRAMEWORKS.map(() => freePort()));
    const signingKey = await newSigningKey();
    // nginx's port is only known once it starts; links in mails need not be followed by the test.
    const env = instanceEnvironment(postgres, redis, mail, 'http://127.0.0.1:8080', signingKey);
    instances = FRAMEWORKS.map((framework, index) => createServerInstance(index, framework, ports[index]!, dir, env));
    closers.push(() =>
      Promise.all(
        instances.map(async (instance) => {
          instance.signal('SIGKILL');
          await instance.waitForExit(5000);
        }),
      ),
    );
    const first = await instances[0]!.start();
    const rest = await Promise.all(instances.slice(1).map((instance) => instance.start()));
    const resourcePort = await freePort();
    const balancer = await startBalancer(tools, dir, ports, resourcePort);
    closers.push(() => balancer.stop());
    // It reads the key set through nginx, as any other service would: whichever instance answers.
    const resource = await startResourceService(resourcePort, dir, {
      JWKS_URL: `${balancer.url}/api/v1/auth/jwks`,
      JWT_ALGORITHM: 'EdDSA',
      JWT_ISSUER: ISSUER,
      JWT_AUDIENCE: AUDIENCE,
    });
    closers.push(() => resource.stop());
    return {
      dir,
      postgres,
      redis,
      mail,
      instances,
      resource,
      balancer,
      signingKey,
      startMs: [first, ...rest],
      logs,
      close,
    };
  } catch (error) {
    const message = `${error instanceof Error ? error.message : String(error)}\n${logs()}`;
    await close();
    throw new Error(message, { cause: error });
  }
}
