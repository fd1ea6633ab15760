import { describe, expect, it } from 'vitest';
import { at, type StoreUnderTest } from './store-fixtures.js';

/** `RevocationStore`: the record other instances read while their revocation feed is down. */
export function describeRevocationStoreContract(subject: StoreUnderTest): void {
  describe('RevocationStore', () => {
    const id = () => globalThis.crypto.randomUUID();

    it('lists what was recorded since a time and not expired, and keeps the latest of a repeated one', async () => {
      const store = subject.store().revocations;
      const session = id();
      const user = id();
      const since = at(50_000).getTime();
      await store.recordRevocations([{ kind: 'session', id: session, at: since + 1 }], at(3_600_000));
      await store.recordRevocations([{ kind: 'user', id: user, at: since + 2 }], at(3_600_000));
      await store.recordRevocations([{ kind: 'user', id: user, at: since + 3 }], at(3_600_000));
      await store.recordRevocations([{ kind: 'user', id: user, at: since - 10_000 }], at(3_600_000));

      const found = (await store.listRevocationsSince(since, at(60_000))).filter((r) => r.id === session || r.id === user);
      expect(found.sort((a, b) => a.at - b.at)).toEqual([
        { kind: 'session', id: session, at: since + 1 },
        { kind: 'user', id: user, at: since + 3 },
      ]);
      expect((await store.listRevocationsSince(since + 2, at(60_000))).filter((r) => r.id === session)).toEqual([]);
      expect((await store.listRevocationsSince(since, at(3_600_000))).filter((r) => r.id === session || r.id === user)).toEqual([]);
    });

    it('records parallel revocations of one session without failing, keeping the latest', async () => {
      // Twenty refreshes of one stolen token each detect the reuse and revoke the same session at once.
      const store = subject.store().revocations;
      const session = id();
      const base = at(50_000).getTime();
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.recordRevocations([{ kind: 'session', id: session, at: base + i }], at(3_600_000))),
      );
      const found = (await store.listRevocationsSince(base, at(60_000))).filter((r) => r.id === session);
      expect(found).toEqual([{ kind: 'session', id: session, at: base + 9 }]);
    });

    it('deletes expired records and says how many', async () => {
      const store = subject.store().revocations;
      const ended = id();
      await store.recordRevocations([{ kind: 'session', id: ended, at: at(1).getTime() }], at(2_000));
      expect(await store.deleteRevocationsExpiredBefore(at(2_000))).toBeGreaterThanOrEqual(1);
      expect((await store.listRevocationsSince(0, at(0))).filter((r) => r.id === ended)).toEqual([]);
    });
  });
}
