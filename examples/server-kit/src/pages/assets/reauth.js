// Re-authentication: changing a factor or deleting the account needs a recent sign-in (the API
// answers 403 REAUTHENTICATION_REQUIRED otherwise). The page then asks for the password, a code of
// the authenticator app or a passkey, in a dialog, calls POST /auth/reauthenticate, and repeats the action.
import { GatehouseApiError, reauthenticateWithPasskey } from './client/index.js';
import { $ } from './dom.js';
import { Cancelled, passkeyStepFailed, WRONG_OWN_PASSWORD } from './page-actions.js';
import { client } from './session.js';

/** The pending dialog's settle functions, or null when it is closed. */
let pending = null;

function settle(error) {
  const current = pending;
  pending = null;
  if ($('reauth-dialog').open) $('reauth-dialog').close();
  if (error) current?.reject(error);
  else current?.resolve();
}

function showDialogError(message) {
  $('reauth-error').textContent = message;
  $('reauth-error').hidden = false;
}

/** Sends one proof; a refused one is shown in the dialog, which stays open for another try. */
async function prove(button, send) {
  button.disabled = true;
  try {
    await send();
    settle();
  } catch (error) {
    if (error instanceof DOMException) return showDialogError(passkeyStepFailed(error));
    if (!(error instanceof GatehouseApiError)) return settle(error);
    const wait = error.retryAfterSeconds === undefined ? '' : ` Try again in ${error.retryAfterSeconds} seconds.`;
    showDialogError(`${error.code === 'INVALID_CREDENTIALS' ? WRONG_OWN_PASSWORD : error.message}${wait}`);
  } finally {
    button.disabled = false;
  }
}

function confirm(event) {
  event.preventDefault();
  const form = $('reauth-form');
  const password = form.elements.namedItem('password').value;
  const code = form.elements.namedItem('code').value.trim();
  if (!password && !code) return showDialogError('Enter your password or a code.');
  prove(form.querySelector('button[type="submit"]'), () => client.reauthenticate(password ? { password } : { code }));
}

$('reauth-form').addEventListener('submit', confirm);
$('reauth-passkey').addEventListener('click', (event) => prove(event.currentTarget, () => reauthenticateWithPasskey(client)));
$('reauth-cancel').addEventListener('click', () => settle(new Cancelled('Not confirmed: nothing was changed.')));
// Escape closes a modal dialog by itself: that is a cancel too.
$('reauth-dialog').addEventListener('close', () => settle(new Cancelled('Not confirmed: nothing was changed.')));

/** Opens the dialog; resolves once the API accepted the proof, rejects with Cancelled if closed. */
async function askForRecentAuthentication() {
  // A code or a passkey is offered only to an account that has one.
  const { totp, passkeys } = await client.mfaStatus().catch(() => ({ totp: false, passkeys: 0 }));
  $('reauth-form').reset();
  $('reauth-error').hidden = true;
  $('reauth-code-field').hidden = !totp;
  $('reauth-passkey').hidden = passkeys === 0;
  return new Promise((resolve, reject) => {
    pending = { resolve, reject };
    $('reauth-dialog').showModal();
    $('reauth-password').focus();
  });
}

/** Runs `action`; if the API wants a recent sign-in first, asks for it and runs `action` again. */
export async function withRecentAuthentication(action) {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof GatehouseApiError && error.code === 'REAUTHENTICATION_REQUIRED')) throw error;
  }
  await askForRecentAuthentication();
  return action();
}
