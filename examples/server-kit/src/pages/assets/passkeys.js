// Passkeys in the demo: add one (navigator.credentials.create through the typed client's browser
// helper), list, rename and delete them on the security section; sign in with one, by its button
// or from the e-mail field's autofill (conditional mediation: autocomplete="username webauthn").
import { GatehouseApiError, registerPasskey, signInWithPasskey } from './client/index.js';
import { $, button, element, fieldsOf, formatDate } from './dom.js';
import { showApiError, showNotice } from './messages.js';
import { act, onSubmit } from './page-actions.js';
import { withRecentAuthentication } from './reauth.js';
import { client } from './session.js';

const passkeyPath = (passkey) => `/users/me/passkeys/${encodeURIComponent(passkey.id)}`;

function passkeyItem(passkey) {
  const name = element('input', { attributes: { name: 'name', 'aria-label': `Name of the passkey ${passkey.name}`, maxlength: '64' } });
  name.value = passkey.name;
  const rename = element('button', { text: 'Rename', className: 'secondary', attributes: { type: 'submit' } });
  const remove = button('Delete', (node) =>
    act(node, null, async () => {
      // 409 when it is the last way in (no password, no provider): act shows the API's message.
      await withRecentAuthentication(() => client.request('DELETE', passkeyPath(passkey)));
      await loadPasskeys();
      showNotice('ok', `The passkey ${passkey.name} is deleted.`);
    }),
  );
  const form = element('form', { className: 'passkey-rename', attributes: { novalidate: '' } }, [name, rename, remove]);
  onSubmit(form, async () => {
    const { passkey: renamed } = await client.request('PUT', passkeyPath(passkey), { name: name.value.trim() });
    await loadPasskeys();
    showNotice('ok', `The passkey is now called ${renamed.name}.`);
  });
  const facts = `added ${formatDate(passkey.createdAt)} · last used ${formatDate(passkey.lastUsedAt)}`;
  return element('li', { attributes: { 'data-passkey-id': passkey.id } }, [
    element('div', {}, [element('strong', { text: passkey.name }), element('span', { text: facts, className: 'sub' })]),
    form,
  ]);
}

/** Reads and shows the signed-in user's passkeys. */
export async function loadPasskeys() {
  const { passkeys } = await client.request('GET', '/users/me/passkeys');
  $('passkey-list').replaceChildren(...passkeys.map(passkeyItem));
  $('no-passkeys').hidden = passkeys.length > 0;
}

async function addPasskey(form) {
  const name = fieldsOf(form).name.trim();
  const { passkey } = await withRecentAuthentication(() => registerPasskey(client, name ? { name } : {}));
  form.reset();
  await loadPasskeys();
  showNotice('ok', `The passkey ${passkey.name} is added: you can sign in with it.`);
}

// ---- signing in ---------------------------------------------------------------------------------

/** The pending autofill request; a browser allows one credentials request at a time. */
let autofill = null;

/** Ends the autofill request, before a sign-in by another way (or after one). */
export function stopPasskeyAutofill() {
  autofill?.abort();
  autofill = null;
}

/**
 * Offers the account's passkeys in the e-mail field's autofill (conditional mediation), where the
 * browser can: choosing one signs in, with no dialog and no button. It waits in the background, so
 * a failure (no passkeys here, a page not on the relying party's origin) is logged, not shown.
 */
export async function offerPasskeyAutofill(signedIn) {
  const conditional = globalThis.PublicKeyCredential?.isConditionalMediationAvailable;
  if (autofill || !conditional || !(await conditional.call(PublicKeyCredential))) return;
  const controller = new AbortController();
  autofill = controller;
  try {
    await signInWithPasskey(client, { mediation: 'conditional', signal: controller.signal });
  } catch (error) {
    // Aborted: another way of signing in took over. The API refusing the passkey is shown.
    if (controller.signal.aborted) return;
    if (error instanceof GatehouseApiError && error.status !== 0) showApiError(error);
    else console.warn('Passkey autofill is not available here:', error);
    return;
  } finally {
    if (autofill === controller) autofill = null;
  }
  await act(null, null, signedIn);
}

/** Wires the section's form and the sign-in button once; `signedIn` shows the signed-in view. */
export function wirePasskeys({ signedIn }) {
  onSubmit($('passkey-add-form'), addPasskey);
  $('passkey-sign-in').addEventListener('click', (event) =>
    act(event.currentTarget, null, async () => {
      stopPasskeyAutofill();
      await signInWithPasskey(client);
      await signedIn();
    }),
  );
}
