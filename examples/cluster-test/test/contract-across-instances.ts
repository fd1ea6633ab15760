import { expect, it } from 'vitest';
import { login, mailedResetToken, newAccount, refresh, register } from './harness/accounts.js';
import { LOGIN_FAILURE_LIMIT, type Cluster } from './harness/cluster.js';
import type { Answer, HttpClient } from './harness/http-client.js';

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
    const again = await http.send('POST', '/api/v1/auth/reset-password', { json: { token, password: 'another new passphrase', confirmPassword: 'another new passphrase' }, pin: 2 });
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
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => register(http, { ...account, username: `${account.username.slice(0, 24)}x${n}` })));
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
}
