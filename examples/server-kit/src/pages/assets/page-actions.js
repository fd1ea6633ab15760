// How every user action of the demo runs: its button is disabled meanwhile, and whatever goes wrong
// is shown (the API's message and field details, an ended session, a cancelled browser dialog).
import { GatehouseApiError } from './client/index.js';
import { $ } from './dom.js';
import { clearFieldErrors, clearNotice, showApiError, showNotice } from './messages.js';
import { canResume, onSessionEnd } from './session.js';

/** Thrown when the person closed a dialog the action needed: nothing was changed. */
export class Cancelled extends Error {}

/** Set when the client ended the session because its refresh token was refused. */
let sessionEnded = false;
/** Whether a user action is running (it reports an ended session itself). */
let acting = false;
let showSignedOut = () => {};

/** Tells the actions how to show the signed-out view, once, at start. */
export function useSignedOutView(show) {
  showSignedOut = show;
  onSessionEnd(() => {
    sessionEnded = true;
    // Between actions: a logout in another tab of cookie mode. Show it at once.
    if (!acting && !$('signed-in').hidden) {
      showSignedOut();
      showNotice('error', 'You were signed out (in another tab, or your session ended). Please log in again.');
    }
  });
}

/**
 * The API's one sentence for INVALID_CREDENTIALS names the e-mail too; a signed-in person was asked
 * for their own password only (a change, a deletion, the re-authentication dialog), so say that.
 */
export const WRONG_OWN_PASSWORD = 'The password is not correct.';

/** What a failed navigator.credentials call means for the person: cancelled, timed out, or refused. */
export const passkeyStepFailed = (error) => `The browser did not finish the passkey step (${error.name}). Nothing was changed.`;

function showFailure(error) {
  if (error instanceof Cancelled) {
    showNotice('error', error.message);
  } else if (error instanceof DOMException) {
    showNotice('error', passkeyStepFailed(error));
  } else {
    console.error(error);
    showNotice('error', 'Something went wrong in this page. Reload it and try again.');
  }
}

/** Runs one user action: disables its button meanwhile and shows any error the API returns. */
export async function act(button, form, action) {
  if (button) button.disabled = true;
  sessionEnded = false;
  acting = true;
  try {
    await action();
  } catch (error) {
    if (!(error instanceof GatehouseApiError)) {
      showFailure(error);
    } else if (sessionEnded) {
      showSignedOut();
      showNotice('error', `Your session has ended: ${error.message} Please log in again.`);
    } else if (error.code === 'INVALID_CREDENTIALS' && !$('signed-in').hidden) {
      showNotice('error', WRONG_OWN_PASSWORD);
    } else {
      if (error.status === 401 && !(await canResume())) showSignedOut();
      showApiError(error, form);
    }
  } finally {
    acting = false;
    if (button) button.disabled = false;
  }
}

/** Runs `handler(form)` as an action on submit, with the form's old messages cleared. */
export function onSubmit(form, handler) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearFieldErrors(form);
    clearNotice();
    act(form.querySelector('button[type="submit"]'), form, () => handler(form));
  });
}
