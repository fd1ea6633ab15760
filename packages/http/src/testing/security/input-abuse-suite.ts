import { describe, expect, it } from 'vitest';
import { newUser } from '../http-client.js';
import type { StartServer } from '../server-under-test.js';
import { loginAs, registerUser, useServer } from '../suite-setup.js';

export function inputAbuseSuite(start: StartServer): void {
  describe('threat: abuse of input', () => {
    const s = useServer(start);
    const register = (body: unknown) => s.api('POST', '/api/v1/auth/register', { body });

    it('over-long input: refuses a 5,000-character e-mail, name or password with 400 before any hashing', async () => {
      const long = 'a'.repeat(5000);
      for (const field of [{ email: `${long}@example.com` }, { firstName: long }, { password: long, confirmPassword: long }]) {
        const res = await register({ ...newUser(), ...field });
        expect(res.status, Object.keys(field)[0]).toBe(400);
      }
    });

    it('malformed input: wrong types and deep nesting answer 400, never 500', async () => {
      expect((await register({ ...newUser(), email: 42 })).status).toBe(400);
      expect((await register({ ...newUser(), password: ['a', 'b'] })).status).toBe(400);
      const deep = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);
      expect((await s.api('POST', '/api/v1/auth/login', { rawBody: deep })).status).toBe(400);
    });

    it('Unicode look-alikes: a full-width copy of a registered e-mail is the same account (409)', async () => {
      const input = newUser('lookalike');
      await register(input);
      const fullWidth = input.email.replace(/[a-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
      const res = await register({ ...newUser(), email: fullWidth });
      expect(res.status).toBe(409);
    });

    it('header injection: refuses CR/LF in e-mail and names', async () => {
      expect((await register({ ...newUser(), email: 'eve@example.com\r\nBcc: all@example.com' })).status).toBe(400);
      expect((await register({ ...newUser(), firstName: 'Eve\r\nX-Injected: 1' })).status).toBe(400);
      expect((await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: 'eve@example.com\nBcc: x@example.com' } })).status).toBe(
        400,
      );
    });

    it('invisible and direction-changing names: refuses zero-width-only names, bidi controls and line separators', async () => {
      for (const firstName of ['\u200B\u200B', '\u200D', 'Eve\u202Egnp.exe', 'Eve\u2028Admin', 'Eve\u2029', '\uFEFF']) {
        const res = await register({ ...newUser(), firstName });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      }
      expect((await register({ ...newUser(), lastName: '\u200E\u200F' })).status).toBe(400);
      expect((await register({ ...newUser(), firstName: 'Zoë', lastName: "Ñúñez-O'Brien 李" })).status).toBe(201);
    });

    it('phishing text in a name: a mail to an address not confirmed yet carries no name', async () => {
      const input = { ...newUser(), firstName: 'Bob. URGENT: sign in at https://evil.example' };
      expect((await register(input)).status).toBe(201);
      const confirmation = await s.server.waitForMail((m) => m.to.includes(input.email));
      expect(confirmation.text).not.toContain('evil.example');
      expect(confirmation.html).not.toContain('evil.example');
      await s.api('POST', '/api/v1/auth/forgot-password', { body: { email: input.email } });
      const reset = await s.server.waitForMail((m) => m.to.includes(input.email) && /reset/i.test(m.subject));
      expect(reset.text).not.toContain('evil.example');
    });

    it('lone surrogates: a password or name that is not well-formed Unicode is refused, so no two passwords hash alike', async () => {
      const lone = { ...newUser(), password: 'correct horse \uD800 battery', confirmPassword: 'correct horse \uD800 battery' };
      expect((await register(lone)).status).toBe(400);
      expect((await register({ ...newUser(), firstName: 'Eve\uDC00' })).status).toBe(400);
      const login = await s.api('POST', '/api/v1/auth/login', { body: { email: 'someone@example.com', password: 'password \uDFFF here' } });
      expect(login.status).toBe(400);
    });

    it("SQL injection: o'hara@example.com and Robert'); DROP TABLE users;-- are stored and returned as data", async () => {
      const input = { ...newUser(), email: `o'hara.${Date.now()}@example.com`, firstName: "Robert'); DROP TABLE users;--" };
      const res = await register(input);
      expect(res.status).toBe(201);
      expect(res.body.user.firstName).toBe("Robert'); DROP TABLE users;--");
      const session = await loginAs(s, input.email, input.password);
      const me = await s.api('GET', '/api/v1/users/me', { token: session.accessToken });
      expect(me.body).toMatchObject({ email: input.email, firstName: "Robert'); DROP TABLE users;--" });
      await registerUser(s); // the users table is still there
    });

    it('prototype pollution: __proto__ and constructor keys in a body grant nothing, to anyone', async () => {
      const raw = JSON.stringify(newUser()).replace(
        /^\{/,
        '{"__proto__":{"roles":["super"],"isActive":true},"constructor":{"prototype":{"roles":["super"]}},',
      );
      const res = await s.api('POST', '/api/v1/auth/register', { rawBody: raw });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({ roles: [], isActive: false });
      const next = await registerUser(s);
      expect(next.body.user).toMatchObject({ roles: [], isActive: false });
    });

    it('guessable passwords: refuses common breached ones and the e-mail or username itself', async () => {
      for (const password of ['password123', 'Passw0rd!', 'Qwerty123!', 'Summer2024!', 'zzzzzzzzzzzz', 'Gatehouse1']) {
        const common = await register({ ...newUser(), password, confirmPassword: password });
        expect(common.status).toBe(400);
        expect(common.body.details[0]).toMatchObject({ path: 'password' });
      }
      // NIST 800-63B: a long passphrase without digits or symbols is fine (the README's example).
      expect((await register(newUser())).status).toBe(201);
      const input = newUser('samepw');
      const same = await register({ ...input, password: input.email, confirmPassword: input.email });
      expect(same.status).toBe(400);
      expect(input.username.length).toBeGreaterThanOrEqual(8);
      const asName = await register({ ...input, password: input.username.toUpperCase(), confirmPassword: input.username.toUpperCase() });
      expect(asName.status).toBe(400);
      expect(asName.body.details[0]).toMatchObject({ path: 'password' });
    });
  });
}
