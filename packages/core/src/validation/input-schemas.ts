import { z } from 'zod';
import { AuthError, type ValidationIssue } from '../errors/auth-error.js';
import { codePointLength, normalizePassword, RAW_PASSWORD_MAX_UNITS } from './password-text.js';

/** Limits of CONTRACT §5. Over-long input is refused here, before any hashing. */
export const LIMITS = Object.freeze({
  emailMax: 254,
  usernameMin: 3,
  usernameMax: 32,
  nameMax: 100,
  passwordMin: 8,
  passwordMax: 128,
  /** Opaque one-time tokens are 43 characters; anything much longer is not one of ours. */
  tokenMax: 4096,
});

/**
 * NFKC-normalizes, trims and lower-cases an address for storage, uniqueness and lookup, so that
 * look-alikes such as a full-width `ａｄａ@example.com` and `ada@example.com` are one account.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

// Control characters (CR, LF, NUL, …) break headers and logs; no name or address needs them.
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const noControl = () => [NO_CONTROL_CHARACTERS, 'must not contain control characters such as line breaks'] as const;
/**
 * Names are shown to people: besides control characters, no format characters (zero-width spaces,
 * bidi overrides such as U+202E that reverse what is displayed) and no line or paragraph
 * separators (U+2028, U+2029). A name made only of invisible characters is refused with them.
 */
const NO_INVISIBLE_CHARACTERS = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

/**
 * A lone surrogate is not text: encoded as UTF-8 it becomes U+FFFD, so three different passwords
 * would hash alike. Strings must be well-formed UTF-16.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = <T extends z.ZodString>(schema: T) =>
  schema.refine((value) => !LONE_SURROGATE.test(value), 'must be valid Unicode text');

const email = wellFormed(z.string())
  .max(LIMITS.emailMax * 4, `must be at most ${LIMITS.emailMax} characters`)
  .regex(...noControl())
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, 'is required')
      .max(LIMITS.emailMax, `must be at most ${LIMITS.emailMax} characters`)
      .pipe(z.email('must be a valid e-mail address')),
  );

const tooLong = `must be at most ${LIMITS.passwordMax} characters`;

/**
 * A password as typed, checked for its length in code points after NFKC (NIST SP 800-63B-4
 * §3.1.1.2) without changing it: login keeps the raw form for hashes made before passwords were
 * normalised. Over-long input is refused here, before any hashing.
 */
const typedPassword = wellFormed(z.string().max(RAW_PASSWORD_MAX_UNITS, { message: tooLong, abort: true }))
  .refine((value) => codePointLength(normalizePassword(value)) <= LIMITS.passwordMax, tooLong)
  // JSON Schema counts code points too, so the documented bounds are the real ones.
  .meta({ maxLength: LIMITS.passwordMax });

/**
 * A new password (registration, reset, bootstrap, change): NFKC-normalised, which is the form that
 * is checked and hashed, and at least `passwordMin` code points long. The configured minimum
 * (`passwordPolicy.minLength`, never below this floor) is checked by the password policy.
 */
export const newPassword = typedPassword
  .transform(normalizePassword)
  .refine((value) => codePointLength(value) >= LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`)
  // The documented schema is shared by every deployment, so it states the floor and says in words
  // that a deployment may ask for more (docs/passwords.md).
  .meta({
    minLength: LIMITS.passwordMin,
    maxLength: LIMITS.passwordMax,
    description: `At least ${LIMITS.passwordMin} characters, or more where the deployment raises passwordPolicy.minLength (PASSWORD_MIN_LENGTH); counted in code points after NFKC. The password policy may also refuse a common or breached password (400, docs/passwords.md).`,
  });

/** The confirmation, normalised like the password so the two compare as the user typed them. */
export const passwordConfirmation = z
  .string()
  .max(RAW_PASSWORD_MAX_UNITS, { message: tooLong, abort: true })
  .transform(normalizePassword)
  .refine((value) => codePointLength(value) <= LIMITS.passwordMax, tooLong)
  .meta({ maxLength: LIMITS.passwordMax });

const name = wellFormed(z.string())
  .regex(NO_INVISIBLE_CHARACTERS, 'must not contain control, invisible or direction-changing characters')
  .trim()
  .min(1, 'is required')
  .max(LIMITS.nameMax, `must be at most ${LIMITS.nameMax} characters`);

const username = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, `must be at least ${LIMITS.usernameMin} characters`)
  .max(LIMITS.usernameMax, `must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9_.-]+$/, 'may only contain letters, digits, underscore, dot and hyphen');

const opaqueToken = z.string().min(1, 'is required').max(LIMITS.tokenMax, 'is not a valid token');

// Unknown fields are stripped (zod's default), so `roles` or `isActive` in a body change nothing.
export const registerInput = z.object({
  firstName: name,
  lastName: name,
  username,
  email,
  password: newPassword,
  confirmPassword: passwordConfirmation,
});

export const loginInput = z.object({
  email: wellFormed(z.string())
    .max(LIMITS.emailMax, `must be at most ${LIMITS.emailMax} characters`)
    .regex(...noControl())
    .transform(normalizeEmail),
  password: typedPassword,
});

export const refreshInput = z.object({ refreshToken: opaqueToken });
export const verifyEmailInput = z.object({ token: opaqueToken });
export const forgotPasswordInput = z.object({ email });
export const resetPasswordInput = z.object({
  token: opaqueToken,
  password: newPassword,
  confirmPassword: passwordConfirmation,
});

export type RegisterInput = z.output<typeof registerInput>;
export type LoginInput = z.output<typeof loginInput>;

function toIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.join('.');
    const message =
      issue.code === 'invalid_type' && issue.input === undefined
        ? 'is required'
        : issue.code === 'invalid_type'
          ? `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`
          : issue.message;
    return { path, message: path ? `${path} ${message}` : message };
  });
}

/**
 * Validates untrusted input (a parsed JSON body, a query object) against a schema. Throws
 * `AuthError` `VALIDATION_FAILED` with one detail per failing field; never echoes the input.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // `reportInput` lets toIssues tell a missing field from a wrong type; the input never leaves here.
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const details = toIssues(result.error);
  const first = details[0]?.message ?? 'Invalid request';
  const message = result.error.issues.some((i) => i.path.length === 0)
    ? 'The request body must be a JSON object.'
    : `Validation failed: ${first}.`;
  throw new AuthError('VALIDATION_FAILED', message, details);
}
