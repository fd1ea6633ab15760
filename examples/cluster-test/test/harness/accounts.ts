import { randomBytes } from 'node:crypto';
import type { MailCatcher } from '@gatehousejs/example-server-kit';
import type { Answer, HttpClient } from './http-client.js';

/** Every account the cluster test creates has an address under this domain: the database check counts them. */
export const TEST_DOMAIN = 'cluster.test';

export interface Account {
  email: string;
  username: string;
  password: string;
}

let serial = 0;

/** A fresh account input; `label` only makes logs readable. */
export function newAccount(label: string, domain = TEST_DOMAIN): Account {
  const id = `${label}${++serial}${randomBytes(4).toString('hex')}`.slice(0, 28);
  return { email: `${id}@${domain}`, username: id, password: `Orchard lantern ${randomBytes(6).toString('hex')}` };
}

export const registerBody = (account: Account) => ({
  firstName: 'Cluster',
  lastName: 'Test',
  username: account.username,
  email: account.email,
  password: account.password,
  confirmPassword: account.password,
});

export const register = (http: HttpClient, account: Account, pin?: number): Promise<Answer> =>
  http.send('POST', '/api/v1/auth/register', { json: registerBody(account), ...(pin === undefined ? {} : { pin }) });

export const login = (http: HttpClient, email: string, password: string, pin?: number): Promise<Answer> =>
  http.send('POST', '/api/v1/auth/login', { json: { email, password }, ...(pin === undefined ? {} : { pin }) });

export const refresh = (http: HttpClient, refreshToken: string, pin?: number): Promise<Answer> =>
  http.send('POST', '/api/v1/auth/refresh-token', { json: { refreshToken }, ...(pin === undefined ? {} : { pin }) });

/** The token of the newest reset link mailed to `email`. */
export async function mailedResetToken(mail: MailCatcher, email: string): Promise<string> {
  const message = await mail.waitFor((m) => m.to.includes(email) && m.text.includes('/reset-password?token='), { timeoutMs: 10_000 });
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(message.text);
  if (!match) throw new Error('the reset mail holds no token');
  return match[1]!;
}

/** A signed-in account: its tokens and its id. */
export interface Session {
  account: Account;
  id: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers a fresh account (on instance `pin`, or any) and returns its first session. */
export async function signedUp(http: HttpClient, label: string, pin?: number): Promise<Session> {
  const account = newAccount(label);
  const answer = await register(http, account, pin);
  if (answer.status !== 201) throw new Error(`could not register ${label}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { account, id: answer.body.user.id, accessToken: answer.body.accessToken, refreshToken: answer.body.refreshToken };
}

/** Another session of the same account: a login (on instance `pin`, or any). */
export async function signedIn(http: HttpClient, account: Account, pin?: number): Promise<Session> {
  const answer = await login(http, account.email, account.password, pin);
  if (answer.status !== 200) throw new Error(`could not sign in: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { account, id: answer.body.user.id, accessToken: answer.body.accessToken, refreshToken: answer.body.refreshToken };
}

/**
 * A signed-in administrator: the role is granted in the database (no route grants the first one,
 * and the cluster has no bootstrap super), then the account signs in so its token carries it.
 */
export async function signedInAdmin(http: HttpClient, query: (sql: string) => Promise<string[]>): Promise<Session> {
  const { account, id } = await signedUp(http, 'admin');
  await query(`insert into user_roles (user_id, role) values ('${id}', 'admin')`);
  return signedIn(http, account);
}
