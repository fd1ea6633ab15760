/**
 * CI sets `GATEHOUSE_REQUIRE_DATABASES=1`: then a database server that cannot be reached is a
 * failing test, not a skipped one. On a developer's laptop the tests say why and skip.
 */
export const DATABASES_REQUIRED = process.env.GATEHOUSE_REQUIRE_DATABASES === '1';

/** The message for a server that cannot be reached, in the form both modes print. */
export function unreachableMessage(label: string, reason: string): string {
  return DATABASES_REQUIRED
    ? `${label} is required (GATEHOUSE_REQUIRE_DATABASES=1) but cannot be reached: ${reason}`
    : `Skipping the tests on ${label}: cannot connect (${reason}). Start it (see TOOLING.md) or set GATEHOUSE_REQUIRE_DATABASES=1 to turn this into a failure.`;
}
