// The demo app at `/`: register, log in (with a password, a passkey, a social provider, and a second
// factor when the account has one), profile, roles and linked identities, the security section
// (security.js, mfa.js, passkeys.js), log out, reports for managers, and the user list with role
// editing for admins. Plain DOM, no framework; API text goes in as textContent. Every API call goes
// through the typed client `@gatehousejs/client` (session.js).
import { isMfaChallenge } from './client/index.js';
import { $, element, fieldsOf, formatDate } from './dom.js';
import { clearNotice, showNotice } from './messages.js';
import { loadTwoFactor, showMfaChallenge, wireMfa } from './mfa.js';
import { act, onSubmit, useSignedOutView } from './page-actions.js';
import { loadPasskeys, offerPasskeyAutofill, stopPasskeyAutofill, wirePasskeys } from './passkeys.js';
import { loadSessions, wireSecurity } from './security.js';
import { accessClaims, canResume, client } from './session.js';
import {
  markSignInStarted,
  providerName,
  RETURN_PAGE,
  renderIdentities,
  renderSignInButtons,
  SOCIAL_ERROR_MESSAGES,
  takeSignInStarted,
  takeSocialRedirect,
} from './social.js';

const ROLES = ['super', 'admin', 'manager', 'user'];
const PAGE_SIZE = 20;
const TABS = ['login', 'register', 'forgot'];

let usersOffset = 0;
let mailViewerAvailable = false;
/** The enabled social sign-in providers (GET /api/v1/auth/oauth/providers), read once at start. */
let providers = [];

// ---- small helpers ------------------------------------------------------------------------------

function roleBadges(roles) {
  if (roles.length === 0) return [element('span', { text: 'none yet', className: 'muted' })];
  return roles.map((role) => element('span', { text: role, className: `badge ${role}` }));
}

const sameRoles = (a, b) => a.length === b.length && a.every((role) => b.includes(role));

// ---- signed out ---------------------------------------------------------------------------------

function selectTab(name) {
  for (const tab of TABS) {
    const selected = tab === name;
    $(`tab-${tab}`).setAttribute('aria-selected', String(selected));
    $(`tab-${tab}`).tabIndex = selected ? 0 : -1;
    $(`${tab}-form`).hidden = !selected;
  }
  $('mfa-form').hidden = true;
}

function showSignedOut(tab = 'login') {
  $('loading').hidden = true;
  $('signed-in').hidden = true;
  $('account-nav').hidden = true;
  $('signed-out').hidden = false;
  selectTab(tab);
  offerPasskeyAutofill(showSignedIn);
}

async function logIn(form) {
  const fields = fieldsOf(form);
  const result = await client.login(fields);
  form.reset();
  clearNotice();
  if (isMfaChallenge(result)) showMfaChallenge(result, fields.email);
  else await showSignedIn();
}

async function register(form) {
  // The client keeps the session of the answer, if it carries one.
  const result = await client.register(fieldsOf(form));
  const email = form.elements.namedItem('email').value;
  form.reset();
  if (result.accessToken) {
    await showSignedIn();
  } else {
    // A server that conceals registered addresses returns no tokens: log in after confirming.
    showSignedOut('login');
    $('login-email').value = email;
  }
  showNotice('ok', result.message);
}

async function requestReset(form) {
  const result = await client.forgotPassword(fieldsOf(form).email);
  form.reset();
  showNotice('ok', result.message);
}

// ---- signed in ----------------------------------------------------------------------------------

function renderProfile(user) {
  $('profile-first-name').textContent = user.firstName;
  // An account made by a provider has its display name as first name and no last name.
  $('profile-name').textContent = `${user.firstName} ${user.lastName}`.trim();
  $('profile-username').textContent = user.username;
  // Accounts made by a provider without e-mail (Steam, Battle.net) have no address.
  $('profile-email').textContent = user.email ?? 'none';
  $('nav-email').textContent = user.email ?? user.username;
  const confirmed = $('profile-confirmed');
  confirmed.className = user.isActive ? 'status-yes' : 'status-no';
  confirmed.textContent = user.isActive ? `Yes, ${formatDate(user.emailVerifiedAt)}` : 'Not yet';
  $('confirm-hint').hidden = user.isActive || user.email === null;
  $('mail-viewer-hint').hidden = !mailViewerAvailable;
  $('profile-roles').replaceChildren(...roleBadges(user.roles));
  $('profile-created').textContent = formatDate(user.createdAt);
  $('profile-last-login').textContent = formatDate(user.lastLoginAt);
}

async function showSignedIn() {
  stopPasskeyAutofill();
  // What every account sees is read together and rendered before the view shows: it appears whole.
  const [user] = await Promise.all([client.me(), loadIdentities(), loadSessions(), loadTwoFactor(), loadPasskeys()]);
  renderProfile(user);
  $('loading').hidden = true;
  $('signed-out').hidden = true;
  $('signed-in').hidden = false;
  $('account-nav').hidden = false;

  // The API authorizes by the roles in the access token, so the views follow those; the profile
  // shows the stored roles, which a change by an admin reaches first.
  const tokenRoles = (await accessClaims())?.roles ?? [];
  const holds = (...roles) => roles.some((role) => tokenRoles.includes(role));
  $('roles-changed').hidden = sameRoles(tokenRoles, user.roles);
  $('reports').hidden = !holds('manager', 'admin', 'super');
  $('admin').hidden = !holds('admin', 'super');
  if (!$('reports').hidden) await loadReports();
  if (!$('admin').hidden) await loadUsers(user.id);
}

async function loadReports() {
  const { reports } = await client.request('GET', '/reports');
  $('report-list').replaceChildren(...reports.map((report) => element('li', { text: report.title })));
}

// ---- social sign-in and linked identities ------------------------------------------------------

/** Leaves for the provider; the API sends the browser back here with ?code= (or ?error=). */
function signInWith(provider) {
  clearNotice();
  markSignInStarted();
  location.assign(client.socialSignInUrl(provider.id, RETURN_PAGE));
}

async function loadIdentities() {
  renderIdentities({ identities: await client.identities(), providers, onUnlink: unlink, onLink: link });
}

function link(provider, button) {
  act(button, null, async () => {
    clearNotice();
    // The answer also sets the cookie that binds the flow to this browser; back here with ?linked=.
    location.assign(await client.startLinking(provider.id, RETURN_PAGE));
  });
}

function unlink(identity, button) {
  act(button, null, async () => {
    clearNotice();
    // 409 when it is the last way in (no password, no other provider): act shows the API's message.
    await client.unlinkIdentity(identity.provider);
    await loadIdentities();
    showNotice('ok', `${providerName(providers, identity.provider)} is unlinked from your account.`);
  });
}

/** Finishes what the provider sent this page back with: a sign-in to exchange, a link, or an error. */
async function finishSocialRedirect(outcome) {
  const askedFor = takeSignInStarted();
  if (outcome.kind === 'error') {
    showNotice('error', SOCIAL_ERROR_MESSAGES[outcome.error]);
    return;
  }
  if (outcome.kind === 'code') {
    if (!askedFor) {
      showNotice('error', 'This page did not start that sign-in, so it was ignored. Use a sign-in button to sign in.');
      return;
    }
    const result = await client.exchangeCode(outcome.code);
    if (isMfaChallenge(result)) {
      showSignedOut();
      showMfaChallenge(result);
      return;
    }
    await showSignedIn();
    showNotice('ok', result.isNewUser ? 'Welcome! Your account was created with your provider account.' : 'You are signed in.');
    return;
  }
  await showSignedIn();
  showNotice('ok', `${providerName(providers, outcome.provider)} is linked to your account.`);
}

async function loadProviders() {
  try {
    providers = await client.socialProviders();
  } catch {
    providers = []; // no buttons; the password forms still work
  }
  renderSignInButtons(providers, signInWith);
}

// ---- admin: users and roles ---------------------------------------------------------------------

async function loadUsers(myId) {
  myId ??= (await accessClaims())?.id;
  // One more than a page tells whether there is a next page.
  const { users } = await client.request('GET', `/users?limit=${PAGE_SIZE + 1}&offset=${usersOffset}`);
  $('user-rows').replaceChildren(...users.slice(0, PAGE_SIZE).map((user) => userRow(user, myId)));
  $('users-previous').disabled = usersOffset === 0;
  $('users-next').disabled = users.length <= PAGE_SIZE;
  const last = usersOffset + Math.min(users.length, PAGE_SIZE);
  $('users-page').textContent = last === 0 ? 'no users' : `${usersOffset + 1}–${last}`;
}

function userRow(user, myId) {
  const name = `${user.firstName} ${user.lastName}${user.id === myId ? ' (you)' : ''}`;
  const choices = ROLES.map((role) => {
    const box = element('input', { attributes: { type: 'checkbox', value: role } });
    box.checked = user.roles.includes(role);
    return element('label', {}, [box, role]);
  });
  const save = element('button', { text: 'Save roles', className: 'secondary', attributes: { type: 'button' } });
  const row = element('tr', { attributes: { 'data-user-id': user.id } }, [
    element('th', { attributes: { scope: 'row' } }, [
      name,
      element('span', { text: `${user.email} · ${user.username}`, className: 'sub' }),
    ]),
    element('td', { text: user.isActive ? 'Yes' : 'Not yet', className: user.isActive ? 'status-yes' : 'status-no' }),
    element('td', {}, [
      element('fieldset', { className: 'role-choices' }, [
        element('legend', { text: `Roles of ${user.email}`, className: 'visually-hidden' }),
        ...choices,
      ]),
    ]),
    element('td', {}, [save]),
  ]);
  save.addEventListener('click', () =>
    act(save, null, async () => {
      const roles = [...row.querySelectorAll('input[type="checkbox"]:checked')].map((box) => box.value);
      let result;
      try {
        result = await client.request('PUT', `/users/${encodeURIComponent(user.id)}/roles`, { roles });
      } catch (error) {
        row.replaceWith(userRow(user, myId)); // refused: show the roles as they are stored
        throw error;
      }
      row.replaceWith(userRow(result.user, myId));
      showNotice('ok', `${result.user.email}: ${result.message}`);
      if (user.id === myId) renderProfile(result.user);
    }),
  );
  return row;
}

// ---- wiring -------------------------------------------------------------------------------------

function wire() {
  for (const tab of TABS) {
    $(`tab-${tab}`).addEventListener('click', () => {
      clearNotice();
      selectTab(tab);
    });
  }
  // Arrow keys move between tabs, as in any tab list.
  document.querySelector('[role="tablist"]').addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const current = TABS.findIndex((tab) => $(`tab-${tab}`).getAttribute('aria-selected') === 'true');
    const next = TABS[(current + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    selectTab(next);
    $(`tab-${next}`).focus();
  });

  onSubmit($('login-form'), logIn);
  onSubmit($('register-form'), register);
  onSubmit($('forgot-form'), requestReset);
  wireSecurity(showSignedOut);
  wireMfa({ signedIn: showSignedIn, signedOut: showSignedOut });
  wirePasskeys({ signedIn: showSignedIn });

  $('logout').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      try {
        await client.logout();
      } finally {
        showSignedOut();
      }
      showNotice('ok', 'You are logged out.');
    }),
  );
  $('logout-all').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      await client.logoutAll();
      showSignedOut();
      showNotice('ok', 'You are logged out on every device.');
    }),
  );
  $('reload-profile').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      clearNotice();
      await showSignedIn();
    }),
  );
  $('refresh-session').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      await client.refresh();
      await showSignedIn();
      showNotice('ok', 'Session refreshed: your access token now carries your current roles.');
    }),
  );
  $('users-previous').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      usersOffset = Math.max(0, usersOffset - PAGE_SIZE);
      await loadUsers();
    }),
  );
  $('users-next').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      usersOffset += PAGE_SIZE;
      await loadUsers();
    }),
  );
}

/** The mail viewer exists only in development; link to it only when it answers. */
async function probeMailViewer() {
  try {
    const response = await fetch('/mailhog/api/v2/messages?limit=1', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    mailViewerAvailable = response.ok;
  } catch {
    mailViewerAvailable = false;
  }
  $('mail-viewer-link').hidden = !mailViewerAvailable;
  $('mail-viewer-hint').hidden = !mailViewerAvailable;
}

/**
 * A server with a server-rendered account page (the web-standard example's `/account`, which reads
 * the session from the cookies alone) says where in a meta tag; the nav links to it. Other servers
 * have none, and the link stays hidden.
 */
function linkAccountPage() {
  const path = document.querySelector('meta[name="gatehouse-account-page"]')?.getAttribute('content');
  if (!path) return;
  const link = $('account-page-link');
  link.href = path;
  link.hidden = false;
}

async function start() {
  useSignedOutView(showSignedOut);
  linkAccountPage();
  const outcome = takeSocialRedirect();
  wire();
  const probing = probeMailViewer();
  await loadProviders();
  if (outcome) await act(null, null, () => finishSocialRedirect(outcome));
  if ($('signed-in').hidden && (await canResume())) await act(null, null, showSignedIn);
  if ($('signed-in').hidden) showSignedOut();
  await probing;
}

start();
