import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

/** An account with an authenticator app: what a login needs. */
export interface TotpAccount {
  email: string;
  /** The app's secret, base32. */
  secret: string;
}

/** The code of `secret` (SHA-1, 6 digits, 30 s: what both servers enroll) for time step `step`. */
export const totpCode = (secret: string, step = stepNow()): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS }).generate({
    timestamp: step * PERIOD_SECONDS * 1000,
  });

/**
 * Hands out accounts with a code nobody used yet. Gatehouse accepts each time step once per user
 * (RFC 6238 §5.2), so a benchmark of TOTP logins needs many accounts: each gets the current step,
 * then the next (both servers accept one step of drift), then waits for the clock. Steps behind
 * the current one are never used, so a code cannot expire while it is in flight. `next()` waits
 * (and counts it in `waits`) only when every account has used both.
 */
export class TotpPool {
  private readonly lastStep: number[];
  private cursor = 0;
  waits = 0;

  constructor(private readonly accounts: readonly TotpAccount[]) {
    // Enrolment confirmed a code of the current step (or the one before).
    this.lastStep = accounts.map(() => stepNow());
  }

  async next(): Promise<{ account: TotpAccount; code: string }> {
    for (;;) {
      const now = stepNow();
      for (let tried = 0; tried < this.accounts.length; tried++) {
        const index = this.cursor;
        this.cursor = (this.cursor + 1) % this.accounts.length;
        const step = Math.max(this.lastStep[index]! + 1, now);
        if (step > now + 1) continue;
        this.lastStep[index] = step;
        const account = this.accounts[index]!;
        return { account, code: totpCode(account.secret, step) };
      }
      this.waits += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
