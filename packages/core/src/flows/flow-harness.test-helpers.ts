import { createMemoryStore } from '@gatehousejs/store-memory';
import { vi } from 'vitest';
import type { AuthConfigInput } from '../config/auth-config.js';
import type { Auth } from '../auth.js';
import { createAuth } from '../create-auth.js';
import type { CreateAuthOptions } from '../create-auth-options.js';
import type { AuthStore } from '../ports/auth-store.js';
import type { AuthMail, Mailer } from '../ports/mailer.js';
import type { PasswordHasher } from '../ports/password-hasher.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import { createFakeClock, type FakeClock } from '../testing/fake-clock.js';
import { createFakeHasher, type FakeHasher } from '../testing/fake-hasher.js';
import { createSeededRandom } from '../testing/seeded-random.js';
import type { BackgroundFailure } from '../flow-kit/flow-context.js';
import type { RegisterResult } from './register.js';

export { expectAuthError } from '../errors/auth-error.test-helpers.js';

export const TEST_CONFIG = Object.freeze({
  accessTokenSecret: 'flow-test-access-secret-0123456789abcdef',
  refreshTokenSecret: 'flow-test-refresh-secret-0123456789abcdef',
});

export const PASSWORD = 'correct horse battery';
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A Mailer that only records what it was asked to send. */
export interface RecordingMailer extends Mailer {
  readonly mails: AuthMail[];
  send: Mailer['send'];
}

export function createRecordingMailer(): RecordingMailer {
  const mails: AuthMail[] = [];
  return {
    mails,
    async send(mail) {
      mails.push(mail);
    },
  };
}

export interface FlowHarness<H extends PasswordHasher = FakeHasher> {
  /** Typed with any role set: a harness may configure its own (`roles`). */
  auth: Auth<string>;
  store: AuthStore;
  clock: FakeClock;
  hasher: H;
  mailer: RecordingMailer;
  backgroundErrors: BackgroundFailure[];
  /** Registers a user (defaults for every field, `password` = PASSWORD) and returns the 201 body. */
  register(overrides?: Partial<RegisterBody>): Promise<RegisterResult<string>>;
  /** Mails go out in the background: waits until one of `kind` reaches `to` (the n-th such mail, 1-based). */
  waitForMail<K extends AuthMail['kind']>(kind: K, to: string, nth?: number): Promise<Extract<AuthMail, { kind: K }>>;
  /** Waits until a background task (a mail) has reported a failure, and returns the first one. */
  waitForBackgroundFailure(): Promise<BackgroundFailure>;
}

export interface RegisterBody {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

let counter = 0;

/** A fresh, unique registration body. */
export function registerBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter++;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `ada${counter}`,
    email: `ada${counter}@example.com`,
    password: PASSWORD,
    confirmPassword: overrides.password ?? PASSWORD,
    ...overrides,
  };
}

/**
 * createAuth over an in-memory store with a fake clock, seeded random, fake hasher and recording
 * mailer. Pass `store` (and another `hasher`) to run a second instance on the same data.
 */
export function createFlowHarness<H extends PasswordHasher = FakeHasher>(
  options: {
    config?: Partial<AuthConfigInput>;
    store?: AuthStore;
    hasher?: H;
    clock?: FakeClock;
    seed?: number;
    rateLimiter?: RateLimiter;
    /** How revocations reach this instance from others (`createAuth`'s `revocation`). */
    revocation?: CreateAuthOptions<string>['revocation'];
    /** The role settings of `createAuth` (`roles`, `grantPolicy`, `roleHierarchy`). */
    roles?: Pick<CreateAuthOptions<string>, 'roles' | 'grantPolicy' | 'roleHierarchy'>;
    /** Second factors and passkeys (`createAuth`'s `mfa`). */
    mfa?: CreateAuthOptions<string>['mfa'];
    onEvent?: CreateAuthOptions<string>['onEvent'];
  } = {},
): FlowHarness<H> {
  const store = options.store ?? createMemoryStore();
  const clock = options.clock ?? createFakeClock();
  const hasher = options.hasher ?? (createFakeHasher() as unknown as H);
  const mailer = createRecordingMailer();
  const backgroundErrors: BackgroundFailure[] = [];
  const auth: Auth<string> = createAuth<string>({
    ...options.roles,
    config: { ...TEST_CONFIG, ...options.config },
    store,
    mailer,
    hasher,
    clock,
    random: createSeededRandom(options.seed ?? 0x5eed),
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
    ...(options.revocation ? { revocation: options.revocation } : {}),
    ...(options.mfa ? { mfa: options.mfa } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    onBackgroundError: (failure) => backgroundErrors.push(failure),
  });

  return {
    auth,
    store,
    clock,
    hasher,
    mailer,
    backgroundErrors,
    register: (overrides) => auth.register(registerBody(overrides)),
    waitForMail: <K extends AuthMail['kind']>(kind: K, to: string, nth = 1) =>
      vi.waitFor(() => {
        if (backgroundErrors.length > 0) throw new Error(`background failure: ${String(backgroundErrors[0]!.error)}`);
        const mail = mailer.mails.filter((m): m is Extract<AuthMail, { kind: K }> => m.kind === kind && m.to === to)[nth - 1];
        if (!mail) throw new Error(`no ${kind} mail #${nth} to ${to} yet`);
        return mail;
      }),
    waitForBackgroundFailure: () =>
      vi.waitFor(() => {
        const failure = backgroundErrors[0];
        if (!failure) throw new Error('no background failure yet');
        return failure;
      }),
  };
}
