import { z } from 'zod';

/** A TOTP code as typed: six digits (spaces, as some apps show `123 456`, are dropped). */
export const totpCode = z
  .string('is required')
  .max(32, 'must be 6 digits')
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be 6 digits'));
