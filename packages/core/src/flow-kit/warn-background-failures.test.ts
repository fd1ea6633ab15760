import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../testing/fake-clock.js';
import { warnBackgroundFailures } from './warn-background-failures.js';

const smtpError = () => Object.assign(new Error('550 no such mailbox <bob@example.com>'), { code: 'EENVELOPE' });

describe('warnBackgroundFailures (the default onBackgroundError)', () => {
  it('warns once a minute for each kind of failure and counts the repeats it held back', () => {
    const clock = createFakeClock();
    const lines: string[] = [];
    const onFailure = warnBackgroundFailures(clock, (line) => lines.push(line));

    onFailure({ operation: 'password-reset', error: smtpError() });
    onFailure({ operation: 'password-reset', error: smtpError() });
    onFailure({ operation: 'password-reset', error: smtpError() });
    onFailure({ operation: 'email-verification', error: smtpError() });
    expect(lines).toEqual([
      expect.stringContaining('could not be sent in the background: password-reset (Error EENVELOPE)'),
      expect.stringContaining('could not be sent in the background: email-verification (Error EENVELOPE)'),
    ]);

    clock.advance(60);
    onFailure({ operation: 'password-reset', error: smtpError() });
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('(and 2 more since the last warning)');
  });

  it('never writes the error message, which may quote an address', () => {
    const lines: string[] = [];
    warnBackgroundFailures(createFakeClock(), (line) => lines.push(line))({
      operation: 'password-reset',
      userId: 'u1',
      error: smtpError(),
    });
    expect(lines[0]).not.toContain('bob@example.com');
    expect(lines[0]).not.toContain('550');
  });
});
