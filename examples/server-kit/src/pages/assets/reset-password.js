// The page the reset mail links to: checks the two passwords as the API does (same messages), then
// posts them with the token from the link and shows what the API said.
import { createGatehouseClient, GatehouseApiError } from './client/index.js';
import { clearFieldErrors, clearNotice, showApiError, showFieldErrors, showNotice } from './messages.js';
import { checkNewPassword } from './password-rules.js';

const client = createGatehouseClient({ baseUrl: '' });
const form = document.getElementById('reset-form');
const token = new URLSearchParams(location.search).get('token') ?? '';
// The token stays in this page's memory only: off the address bar, out of the history.
history.replaceState(null, '', location.pathname);

if (!token) {
  form.hidden = true;
  showNotice('error', 'This link has no reset token. Ask for a new reset e-mail from the sign-in page.');
  document.getElementById('done').hidden = false;
}

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  clearFieldErrors(form);
  clearNotice();
  const password = form.elements.namedItem('password').value;
  const confirmPassword = form.elements.namedItem('confirmPassword').value;
  const problem = checkNewPassword(password, confirmPassword);
  if (problem) {
    showNotice('error', problem.message, showFieldErrors(form, problem.details));
    return;
  }
  const button = form.querySelector('button[type="submit"]');
  button.disabled = true;
  try {
    const result = await client.resetPassword({ token, password, confirmPassword });
    form.hidden = true;
    document.getElementById('done').hidden = false;
    showNotice('ok', result.message);
  } catch (error) {
    if (error instanceof GatehouseApiError) showApiError(error, form);
    else showNotice('error', 'Something went wrong in this page. Reload it and try again.');
  } finally {
    button.disabled = false;
  }
});
