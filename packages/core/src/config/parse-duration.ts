const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
const DURATION = /^(\d+)\s*([smhd])?$/;

/**
 * Parses `30s`, `15m`, `1h`, `7d` or plain seconds (`3600`, or a number) into whole seconds.
 * Returns `undefined` for anything else, so the caller can name the setting in its error.
 */
export function parseDurationSeconds(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const match = DURATION.exec(value.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = (match[2] ?? 's') as keyof typeof UNIT_SECONDS;
  const seconds = amount * UNIT_SECONDS[unit];
  return Number.isSafeInteger(seconds) ? seconds : undefined;
}
