// Second factors in the demo: the authenticator app (TOTP) on the security section — set up with
// its QR code, confirmed with a code, recovery codes shown once, renewed, turned off — and the
// second step of a sign-in (a code, a recovery code or a passkey, POST /auth/mfa/verify).
import { answerWithPasskey, GatehouseApiError } from './client/index.js';
import { $, element, fieldsOf } from './dom.js';
import { showApiError, showNotice } from './messages.js';
import { act, onSubmit } from './page-actions.js';
import { stopPasskeyAutofill } from './passkeys.js';
import { withRecentAuthentication } from './reauth.js';
import { client } from './session.js';

/**
 * The QR code as an image from a data: URL (the policy's img-src allows data:): the server's SVG
 * is never put into the page as markup, and an SVG shown by <img> runs no script and loads nothing.
 */
function svgImageUrl(svg) {
  let binary = '';
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

function showRecoveryCodes(codes) {
  $('recovery-code-list').replaceChildren(...codes.map((code) => element('li', {}, [element('code', { text: code })])));
  $('recovery-codes').hidden = false;
}

/** Reads `GET /users/me/mfa` and shows what is on, with the buttons that fit. */
export async function loadTwoFactor() {
  const status = await client.mfaStatus();
  $('totp-status').textContent = status.totp
    ? `On. ${status.recoveryCodesLeft} recovery code${status.recoveryCodesLeft === 1 ? '' : 's'} left.`
    : 'Off. Sign-in asks for your password only (or a passkey).';
  $('totp-status').className = status.totp ? 'status-yes' : 'muted';
  $('totp-start').hidden = status.totp;
  $('totp-disable').hidden = !status.totp;
  $('recovery-renew').hidden = !status.totp;
  return status;
}

async function startEnrolment() {
  const enrolment = await withRecentAuthentication(() => client.startTotp());
  $('totp-qr').src = svgImageUrl(enrolment.qrCodeSvg);
  $('totp-secret').textContent = enrolment.secret;
  $('recovery-codes').hidden = true;
  $('totp-enrol-form').hidden = false;
  $('totp-confirm-code').focus();
}

async function confirmEnrolment(form) {
  const { recoveryCodes } = await client.confirmTotp(fieldsOf(form).code.trim());
  form.reset();
  form.hidden = true;
  showRecoveryCodes(recoveryCodes);
  await loadTwoFactor();
  showNotice('ok', 'The authenticator app is on: sign-in now asks for a code after your password.');
}

// ---- the second step of a sign-in ------------------------------------------------------------

/** The challenge being answered: its single-use token and the address it was for. */
let challenge = null;

/** Shows the second step for a login (or social exchange) that answered `{ mfaRequired, mfaToken, methods }`. */
export function showMfaChallenge(result, email) {
  challenge = { mfaToken: result.mfaToken, email };
  const methods = new Set(result.methods);
  $('mfa-code-fields').hidden = !methods.has('totp');
  $('mfa-recovery-fields').hidden = !methods.has('recovery');
  $('mfa-passkey').hidden = !methods.has('passkey');
  $('mfa-submit').hidden = !methods.has('totp') && !methods.has('recovery');
  for (const form of document.querySelectorAll('#signed-out form')) form.hidden = form.id !== 'mfa-form';
  $('mfa-form').reset();
  (methods.has('totp') ? $('mfa-code') : $('mfa-passkey')).focus();
}

/**
 * Answers the challenge with `proof` and shows the signed-in view. A refused answer (a wrong code)
 * is shown on the form, which stays for another try; an expired or used challenge goes back to
 * sign-in, as any 401 of an action does.
 */
async function answer(proof, form, signedIn) {
  try {
    await proof(challenge?.mfaToken ?? '');
  } catch (error) {
    if (!(error instanceof GatehouseApiError) || error.code === 'MFA_TOKEN_INVALID' || error.status !== 401) throw error;
    showApiError(error, form);
    return;
  }
  challenge = null;
  await signedIn();
}

function typedProof(form) {
  const { code, recoveryCode } = fieldsOf(form);
  const typed = code?.trim() ? { code: code.trim() } : { recoveryCode: recoveryCode?.trim() ?? '' };
  return (mfaToken) => client.verifyMfa({ mfaToken, ...typed });
}

/** Wires the section and the second-step form once; `signedIn` shows the signed-in view, `signedOut` the sign-in form. */
export function wireMfa({ signedIn, signedOut }) {
  $('totp-start').addEventListener('click', (event) => act(event.currentTarget, null, startEnrolment));
  onSubmit($('totp-enrol-form'), confirmEnrolment);
  $('recovery-renew').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      const { recoveryCodes } = await withRecentAuthentication(() => client.request('POST', '/users/me/mfa/recovery-codes'));
      showRecoveryCodes(recoveryCodes);
      await loadTwoFactor();
      showNotice('ok', 'New recovery codes: the old ones no longer work.');
    }),
  );
  $('totp-disable').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      await withRecentAuthentication(() => client.request('DELETE', '/users/me/mfa/totp'));
      $('recovery-codes').hidden = true;
      await loadTwoFactor();
      showNotice('ok', 'The authenticator app is off, and its recovery codes no longer work.');
    }),
  );
  $('recovery-codes-saved').addEventListener('click', () => {
    $('recovery-codes').hidden = true;
  });

  onSubmit($('mfa-form'), (form) => answer(typedProof(form), form, signedIn));
  $('mfa-passkey').addEventListener('click', (event) =>
    act(event.currentTarget, null, () => {
      // One credentials request at a time: the sign-in form's autofill gives way.
      stopPasskeyAutofill();
      return answer((mfaToken) => answerWithPasskey(client, mfaToken, challenge?.email), $('mfa-form'), signedIn);
    }),
  );
  $('mfa-cancel').addEventListener('click', () => {
    challenge = null;
    signedOut();
  });
}
