// Small DOM helpers shared by the demo's scripts. Text always goes in as textContent, never as HTML.

export const $ = (id) => document.getElementById(id);

/** A new element with its text, class, attributes and children. */
export function element(tag, { text, className, attributes } = {}, children = []) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** A `type="button"` button that calls `onClick` with itself. */
export function button(text, onClick, className = 'secondary') {
  const node = element('button', { text, className, attributes: { type: 'button' } });
  node.addEventListener('click', () => onClick(node));
  return node;
}

export function formatDate(iso) {
  if (!iso) return 'never';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export const fieldsOf = (form) => Object.fromEntries(new FormData(form).entries());
