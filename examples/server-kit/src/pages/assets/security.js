// The security section of the signed-in page: change the password, the sessions per device (end
// one, or every other), and delete the account (after a recent sign-in: reauth.js).
import { $, button, element, fieldsOf, formatDate } from './dom.js';
import { showNotice } from './messages.js';
import { act, onSubmit } from './page-actions.js';
import { withRecentAuthentication } from './reauth.js';
import { client } from './session.js';

function sessionItem(session, onEnd) {
  const title = element('strong', { text: session.current ? 'This device' : 'Another device' });
  const facts = [
    session.userAgent ?? 'unknown browser',
    session.ipAddress ?? 'unknown address',
    `signed in ${formatDate(session.createdAt)}`,
    `last used ${formatDate(session.lastUsedAt)}`,
  ].join(' · ');
  const end = button(session.current ? 'Sign out this device' : 'Sign out', (node) => onEnd(session, node));
  return element('li', { attributes: { 'data-session-id': session.id } }, [
    element('div', {}, [title, element('span', { text: facts, className: 'sub' })]),
    end,
  ]);
}

/** Reads and shows the sessions of the signed-in user, this one first. */
export async function loadSessions() {
  const sessions = await client.sessions();
  sessions.sort((a, b) => Number(b.current) - Number(a.current));
  $('session-list').replaceChildren(...sessions.map((session) => sessionItem(session, endSession)));
  $('end-other-sessions').disabled = sessions.length < 2;
}

let showSignedOut = () => {};

function endSession(session, node) {
  act(node, null, async () => {
    // Ending this device's own session signs this page out (the client forgets the session).
    await client.endSession(session.id);
    if (session.current) {
      showSignedOut();
      showNotice('ok', 'This device is signed out.');
      return;
    }
    await loadSessions();
    showNotice('ok', 'That device is signed out. It is asked to sign in again at its next request.');
  });
}

async function changePassword(form) {
  const { message } = await client.changePassword(fieldsOf(form));
  form.reset();
  await loadSessions();
  showNotice('ok', message);
}

async function deleteAccount(form) {
  const { password } = fieldsOf(form);
  await withRecentAuthentication(() => client.deleteAccount(password));
  form.reset();
  showSignedOut();
  showNotice('ok', 'Your account is deleted, and every device is signed out.');
}

/** Wires the section's forms and buttons once; `signedOut` shows the signed-out view. */
export function wireSecurity(signedOut) {
  showSignedOut = signedOut;
  onSubmit($('password-form'), changePassword);
  onSubmit($('delete-account-form'), deleteAccount);
  $('end-other-sessions').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      await client.endOtherSessions();
      await loadSessions();
      showNotice('ok', 'Every other device is signed out.');
    }),
  );
}
