// Showing what the API said: a notice at the top of the page and messages under form fields.
// Everything goes in through textContent, never as HTML: API messages are text.

/**
 * Shows the notice: a success or an error message, and a list of details that no field took.
 *
 * @param {'ok' | 'error'} kind
 * @param {string} message
 * @param {{ path: string, message: string }[]} [details]
 */
export function showNotice(kind, message, details = []) {
  const notice = document.getElementById('notice');
  if (!notice) return;
  notice.className = `notice ${kind}`;
  notice.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  document.getElementById('notice-message').textContent = message;
  const list = document.getElementById('notice-details');
  list.replaceChildren(
    ...details.map((detail) => {
      const item = document.createElement('li');
      item.textContent = detail.message;
      return item;
    }),
  );
  notice.hidden = false;
}

export function clearNotice() {
  const notice = document.getElementById('notice');
  if (notice) notice.hidden = true;
}

/** Removes the field messages of a form. */
export function clearFieldErrors(form) {
  for (const slot of form.querySelectorAll('.field-error')) {
    slot.textContent = '';
    slot.hidden = true;
  }
  for (const input of form.querySelectorAll('[aria-invalid]')) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

/**
 * Puts each detail under the field it names (`path` = the input's name) and returns the details
 * that no field of this form took, for the notice.
 *
 * @param {HTMLFormElement} form
 * @param {{ path: string, message: string }[]} details
 */
export function showFieldErrors(form, details) {
  const leftOver = [];
  for (const detail of details) {
    const field = detail.path ? form.elements.namedItem(detail.path) : null;
    const slot = field ? form.querySelector(`.field-error[data-for="${CSS.escape(detail.path)}"]`) : null;
    if (!field || !slot) {
      leftOver.push(detail);
      continue;
    }
    // One line per message (the slot keeps line breaks: white-space: pre-line).
    slot.textContent = slot.textContent ? `${slot.textContent}\n${detail.message}` : detail.message;
    slot.hidden = false;
    if (!slot.id) slot.id = `${form.id}-${detail.path}-error`;
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', slot.id);
  }
  const first = form.querySelector('[aria-invalid="true"]');
  if (first) first.focus();
  return leftOver;
}

/**
 * Shows an ApiError: its message in the notice, its details under the fields of `form` (the rest
 * in the notice), and on 429 how long to wait.
 */
export function showApiError(error, form) {
  if (form) clearFieldErrors(form);
  const details = Array.isArray(error.details) ? error.details : [];
  const leftOver = form ? showFieldErrors(form, details) : details;
  const wait = error.retryAfterSeconds === undefined ? '' : ` Try again in ${error.retryAfterSeconds} seconds.`;
  showNotice('error', `${error.message}${wait}`, leftOver);
}
