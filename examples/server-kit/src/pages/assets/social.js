// Social sign-in in the demo app: the buttons of the enabled providers, the page's part of the
// flow (the API sends the browser back to this page with ?code=, ?linked= or ?error=), and the
// linked identities on the profile. Rendering only; demo-app.js wires the actions.
import { readSocialRedirect } from './client/index.js';

/** What each `?error=` of the callback means for the person who just came back (CONTRACT §8). */
export const SOCIAL_ERROR_MESSAGES = Object.freeze({
  access_denied: 'Sign-in with the provider was cancelled or refused. Nothing was changed.',
  account_exists: 'An account with this e-mail address already exists. Log in with its password, then link the provider from your profile.',
  identity_in_use: 'That provider account is already linked to another user.',
  provider_error: 'The provider could not complete the sign-in. Try again in a moment.',
});

/** The page the API sends the browser back to: this one, as the allowlist names it (OAUTH_REDIRECT_ALLOWLIST). */
export const RETURN_PAGE = new URL('/', location.href).href;

/**
 * The outcome of a social sign-in or link this page was sent back with, if any. The parameters
 * leave the address bar at once, so the one-time code is in no history entry or bookmark.
 */
export function takeSocialRedirect() {
  const outcome = readSocialRedirect(location.href);
  if (outcome) history.replaceState(null, '', location.pathname);
  return outcome;
}

const PENDING_SIGN_IN = 'gatehouse-social-sign-in-pending';

/** Notes that this page sent the browser to a provider, so the `?code=` it comes back with was asked for here. */
export function markSignInStarted() {
  sessionStorage.setItem(PENDING_SIGN_IN, String(Date.now()));
}

/**
 * Whether this tab started the sign-in whose `?code=` it holds (and forgets that it did). A code
 * the page did not ask for (a link someone sent: login CSRF) is never exchanged; the API refuses
 * it anyway, since the code is bound to the cookie of the browser that ran the flow.
 */
export function takeSignInStarted() {
  const started = Number(sessionStorage.getItem(PENDING_SIGN_IN));
  sessionStorage.removeItem(PENDING_SIGN_IN);
  return Number.isFinite(started) && started > 0 && Date.now() - started < 10 * 60_000;
}

export const providerName = (providers, id) => providers.find((provider) => provider.id === id)?.name ?? id;

function button(text, onClick, className) {
  const node = document.createElement('button');
  node.type = 'button';
  node.textContent = text;
  if (className) node.className = className;
  node.addEventListener('click', onClick);
  return node;
}

/** One "Sign in with …" button per enabled provider; the card is hidden when there are none. */
export function renderSignInButtons(providers, onChoose) {
  document
    .getElementById('provider-buttons')
    .replaceChildren(...providers.map((provider) => button(`Sign in with ${provider.name}`, () => onChoose(provider), 'secondary')));
  document.getElementById('social-sign-in').hidden = providers.length === 0;
}

function formatDate(iso) {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The profile's linked identities, each with Unlink, and a Link button for each enabled provider
 * not linked yet. Hidden when no provider is enabled and nothing is linked.
 */
export function renderIdentities({ identities, providers, onUnlink, onLink }) {
  const items = identities.map((identity) => {
    const item = document.createElement('li');
    item.dataset.provider = identity.provider;
    const name = document.createElement('strong');
    name.textContent = providerName(providers, identity.provider);
    const facts = document.createElement('span');
    facts.className = 'sub';
    const who = [identity.displayName, identity.email].filter(Boolean).join(' · ');
    facts.textContent = `${who ? `${who} · ` : ''}linked ${formatDate(identity.createdAt)}`;
    const label = document.createElement('div');
    label.append(name, facts);
    item.append(
      label,
      button('Unlink', (event) => onUnlink(identity, event.currentTarget), 'secondary'),
    );
    return item;
  });
  const list = document.getElementById('identity-list');
  list.replaceChildren(...items);
  document.getElementById('no-identities').hidden = identities.length > 0;
  const linked = new Set(identities.map((identity) => identity.provider));
  const linkable = providers.filter((provider) => !linked.has(provider.id));
  document
    .getElementById('link-buttons')
    .replaceChildren(
      ...linkable.map((provider) => button(`Link ${provider.name}`, (event) => onLink(provider, event.currentTarget), 'secondary')),
    );
  document.getElementById('link-more').hidden = linkable.length === 0;
  document.getElementById('identities').hidden = providers.length === 0 && identities.length === 0;
}
