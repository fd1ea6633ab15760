/// <reference path="./oidc-provider.d.ts" />
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { AccountClaims } from './local-oidc-provider.js';

// The login and consent pages of the local OpenID Provider, as a person meets them in a browser
// (the demo app's browser test fills them in): a username form, then Allow or Deny. Plain HTML
// forms, no script; the provider's own cookies tie each POST to its interaction.

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  );
}

/** Where the pages are: the provider's base path (an issuer with a path) and the interaction's id. */
interface PageAt {
  action: (step: 'login' | 'consent') => string;
}

function loginForm(res: ServerResponse, at: PageAt, issuerName: string, problem?: string): void {
  page(
    res,
    problem ? 400 : 200,
    `Sign in to ${issuerName}`,
    `${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}<form method="post" action="${at.action('login')}">` +
      '<label for="username">Username</label> <input id="username" name="username" autocomplete="username" required> ' +
      '<button type="submit">Continue</button></form>',
  );
}

function consentForm(res: ServerResponse, at: PageAt, clientId: string, scope: string): void {
  page(
    res,
    200,
    'Allow access?',
    `<p><code>${escapeHtml(clientId)}</code> asks for: ${escapeHtml(scope)}.</p><form method="post" action="${at.action('consent')}">` +
      '<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny">Deny</button></form>',
  );
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Answers `/interaction/<uid>[/login|/consent]` (`req.url` below the provider's `basePath`): shows
 * the page the interaction's prompt needs, and finishes it from the submitted form. The username
 * is an account's `preferred_username` or `sub`.
 */
export async function answerInteractionPage(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  { accounts, issuerName, basePath }: { accounts: ReadonlyMap<string, AccountClaims>; issuerName: string; basePath: string },
): Promise<void> {
  const [, , uid = '', step] = (req.url ?? '').split('?')[0]!.split('/');
  const at: PageAt = { action: (next) => `${basePath}/interaction/${encodeURIComponent(uid)}/${next}` };
  const details = await provider.interactionDetails(req, res);
  const clientId = String(details.params.client_id);
  const scope = String(details.params.scope);
  if (req.method === 'GET') {
    if (details.prompt.name === 'login') loginForm(res, at, issuerName);
    else consentForm(res, at, clientId, scope);
    return;
  }
  const form = await formBody(req);
  if (step === 'login') {
    const username = form.get('username') ?? '';
    const account = [...accounts.values()].find((claims) => claims.preferred_username === username || claims.sub === username);
    if (!account) return loginForm(res, at, issuerName, `No account named ${username} here.`);
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    return;
  }
  if (form.get('decision') !== 'allow') {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user did not allow access.' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
  grant.addOIDCScope(scope);
  await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}
