// The API's checks of a new password (CONTRACT §5), with the API's own words, so that the reset
// page can say at once what the API would say. A test compares these with core's answers.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * What the API would answer to these two passwords before it looks at anything else: `undefined`
 * when they pass the length and match checks, else `{ message, details }` as in an error body.
 * (The API checks more: a breached or guessable password is refused by the server only.)
 *
 * @param {string} password
 * @param {string} confirmPassword
 * @returns {{ message: string, details: { path: string, message: string }[] } | undefined}
 */
export function checkNewPassword(password, confirmPassword) {
  const details = [];
  if (password.length < PASSWORD_MIN) details.push({ path: 'password', message: `password must be at least ${PASSWORD_MIN} characters` });
  if (password.length > PASSWORD_MAX) details.push({ path: 'password', message: `password must be at most ${PASSWORD_MAX} characters` });
  if (confirmPassword.length > PASSWORD_MAX) {
    details.push({ path: 'confirmPassword', message: `confirmPassword must be at most ${PASSWORD_MAX} characters` });
  }
  if (details.length > 0) return { message: `Validation failed: ${details[0].message}.`, details };
  if (password !== confirmPassword) {
    return {
      message: 'Password and confirmPassword do not match.',
      details: [{ path: 'confirmPassword', message: 'confirmPassword must equal password' }],
    };
  }
  return undefined;
}
