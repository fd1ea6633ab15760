import { expect, it } from 'vitest';
import { login, mailedResetToken, newAccount, refresh, register } from './harness/accounts.js';
import { LOGIN_FAILURE_LIMIT, type Cluster } from './harness/cluster.js';
import type { Answer, HttpClient } from './harness/http-client.js';
import { sleep } from './harness/processes.js';

export interface ClusterContext {
  cluster: Cluster;
  http: HttpClient;
  /** The instance ports, in nginx's order. */
  ports: number[];
}

const expectError = (answer: Answer, statusCode: number, error: string) => {
  expect(answer.status).toBe(statusCode);
  expect(answer.body).toMatchObject({ statusCode, error });
  expect(typeof answer.body.message).toBe('string');
};

/** The contract holds whichever instance answers: every state lives in the shared database and Redis. */
export function contractAcrossInstances(context: () => ClusterContext): void {
  it('refuses a refresh token rotated on one instance and reused on another, and revokes its family', async () => {
    const { http, ports } = context();
    const account = newAccount('rot');
    const created = await register(http, account, 0);
    expect(created.status).toBe(201);
    expect(created.upstream).toBe(ports[0]);

    const rotated = await refresh(http, created.body.refreshToken, 1);
    expect(rotated.status).toBe(200);
    expect(rotated.upstream).toBe(ports[1]);

    const reused = await refresh(http, created.body.refreshToken, 2);
    expect(reused.upstream).toBe(ports[2]);
    expectError(reused, 401, 'Unauthorized');

    // The reuse revoked the family: the token the rotation issued is dead too, on the first instance.
    const descendant = await refresh(http, rotated.body.refreshToken, 0);
    expectError(descendant, 401, 'Unauthorized');
  });

  it('resets a password with a token requested on one instance and used on another, once', async () => {
    const { http, cluster, ports } = context();
    const account = newAccount('reset');
    expect((await register(http, account, 0)).status).toBe(201);
    const asked = await http.send('POST', '/api/v1/auth/forgot-password', { json: { email: account.email }, pin: 0 });
    expect(asked.status).toBe(200);
    const token = await mailedResetToken(cluster.mail, account.email);

    const password = `${account.password} renewed`;
    const reset = await http.send('POST', '/api/v1/auth/reset-password', { json: { token, password, confirmPassword: password }, pin: 1 });
    expect(reset.status).toBe(200);
    expect(reset.upstream).toBe(ports[1]);

    expect((await login(http, account.email, password, 2)).status).toBe(200);
    expectError(await login(http, account.email, account.password, 0), 401, 'Unauthorized');
    const again = await http.send('POST', '/api/v1/auth/reset-password', {
      json: { token, password: 'another new passphrase', confirmPassword: 'another new passphrase' },
      pin: 2,
    });
    expectError(again, 400, 'Bad Request');
  });

  it('locks an account out on every instance after the configured failures spread over the instances', async () => {
    const { http } = context();
    const account = newAccount('lock');
    expect((await register(http, account, 0)).status).toBe(201);
    for (let attempt = 0; attempt < LOGIN_FAILURE_LIMIT; attempt += 1) {
      expectError(await login(http, account.email, 'not the password at all', attempt % 3), 401, 'Unauthorized');
    }
    for (const pin of [2, 0, 1]) {
      const locked = await login(http, account.email, account.password, pin);
      expectError(locked, 429, 'Too Many Requests');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('gives exactly one 201 to 20 parallel registrations of one e-mail spread over the instances, and 409 to the rest', async () => {
    const { http, cluster, ports } = context();
    const account = newAccount('race');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => register(http, { ...account, username: `${account.username.slice(0, 24)}x${n}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set(ports));
    expect(await cluster.postgres.query(`select count(*) from users where email = '${account.email}'`)).toEqual(['1']);
  });

  it('answers at most one 200 to 20 parallel refreshes of one token spread over the instances', async () => {
    const { http, ports } = context();
    const account = newAccount('fresh');
    const created = await register(http, account);
    expect(created.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(http, created.body.refreshToken)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expectError(answer, 401, 'Unauthorized');
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set(ports));
  });

  it('evaluates at most the limit of guesses sent all at once over the instances (Redis limiter): the rest are 429', async () => {
    const { http, ports } = context();
    const account = newAccount('flood');
    expect((await register(http, account, 0)).status).toBe(201);
    const guesses = [...Array.from({ length: LOGIN_FAILURE_LIMIT + 20 }, (_, n) => `wrong guess number ${n}`), account.password];
    const answers = await Promise.all(guesses.map((password) => login(http, account.email, password)));
    // A guess counts before its password is checked, atomically in Redis, whichever instance takes it.
    const evaluated = answers.filter((a) => a.status === 401 || a.status === 200);
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    for (const answer of answers.filter((a) => a.status !== 401 && a.status !== 200)) expectError(answer, 429, 'Too Many Requests');
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(20);
    expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set(ports));
  });

  it('ends a session refreshed on one instance while its password is reset on another: the successor is refused', async () => {
    const { http, cluster } = context();
    let raced = 0;
    for (let round = 0; round < 8; round += 1) {
      const account = newAccount(`rr${round}`);
      const created = await register(http, account, 0);
      expect(created.status).toBe(201);
      expect((await http.send('POST', '/api/v1/auth/forgot-password', { json: { email: account.email }, pin: 0 })).status).toBe(200);
      const token = await mailedResetToken(cluster.mail, account.email);
      const password = `${account.password} renewed`;
      // The reset hashes the new password before it revokes: the refresh starts 0–105 ms later, so
      // some land before the revocation, some during it and some after.
      const [reset, rotated] = await Promise.all([
        http.send('POST', '/api/v1/auth/reset-password', { json: { token, password, confirmPassword: password }, pin: round % 3 }),
        sleep(round * 15).then(() => refresh(http, created.body.refreshToken, (round + 1) % 3)),
      ]);
      expect(reset.status).toBe(200);
      if (rotated.status !== 200) {
        expectError(rotated, 401, 'Unauthorized');
        continue;
      }
      // The refresh won the race and saved a successor the reset may not have seen: it must not live on.
      raced += 1;
      expectError(await refresh(http, rotated.body.refreshToken, (round + 2) % 3), 401, 'Unauthorized');
    }
    console.log(`refresh racing reset across instances: ${raced} of 8 refreshes answered 200, the rest 401; every successor refused`);
  });
}
