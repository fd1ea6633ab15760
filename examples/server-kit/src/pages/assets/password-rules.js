// The API's checks of a new password (CONTRACT §5), with the API's own words, so that the reset
// page can say at once what the API would say. A test compares these with core's answers.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Characters as the API counts them: code points of the NFKC form (NIST SP 800-63B-4 §3.1.1.2). */
const length = (text) => Array.from(text.normalize('NFKC')).length;

/**
 * What the API would answer to these two passwords before it looks at anything else: `undefined`
 * when they pass the length and match checks, else `{ message, details }` as in an error body.
 * Both are compared in their NFKC form, as the API hashes them. `minLength` is the server's
 * PASSWORD_MIN_LENGTH when the page knows it (8 by default, never less). (The API checks more: a
 * common, guessable or breached password is refused by the server only.)
 *
 * @param {string} password
 * @param {string} confirmPassword
 * @param {number} [minLength]
 * @returns {{ message: string, details: { path: string, message: string }[] } | undefined}
 */
export function checkNewPassword(password, confirmPassword, minLength = PASSWORD_MIN) {
  const min = Math.max(minLength, PASSWORD_MIN);
  const details = [];
  if (length(password) < min) details.push({ path: 'password', message: `password must be at least ${min} characters` });
  if (length(password) > PASSWORD_MAX) details.push({ path: 'password', message: `password must be at most ${PASSWORD_MAX} characters` });
  if (length(confirmPassword) > PASSWORD_MAX) {
    details.push({ path: 'confirmPassword', message: `confirmPassword must be at most ${PASSWORD_MAX} characters` });
  }
  if (details.length > 0) return { message: `Validation failed: ${details[0].message}.`, details };
  if (password.normalize('NFKC') !== confirmPassword.normalize('NFKC')) {
    return {
      message: 'Password and confirmPassword do not match.',
      details: [{ path: 'confirmPassword', message: 'confirmPassword must equal password' }],
    };
  }
  return undefined;
}
