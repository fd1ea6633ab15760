import { createHash } from 'node:crypto';
import { describeRateLimiterContract } from '@gatehousejs/core/testing';
import { describe, expect, it } from 'vitest';
import { createSqlRateLimiter, openSqlStore, type SqlStore } from '../../src/index.js';

const RULE = { limit: 3, windowSeconds: 60 };
const at = (offsetMs: number) => new Date(Date.parse('2026-03-01T12:00:00.123Z') + offsetMs);
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The RateLimiter contract and the SQL limiter's own behaviour on one migrated scratch database.
 * `scratchUrl` is read when a test starts (the scratch is created in the caller's beforeAll).
 */
export function describeSqlRateLimiter(label: string, scratchUrl: () => string): void {
  const openEmpty = async (): Promise<SqlStore> => {
    const store = await openSqlStore(scratchUrl(), { migrate: false });
    await store.db.deleteFrom('rate_limits').execute();
    return store;
  };

  describeRateLimiterContract(`SQL rate limiter on ${label}`, async () => {
    const store = await openEmpty();
    return { limiter: createSqlRateLimiter(store.db, store.dialect), cleanup: () => store.close() };
  });

  describe(`SQL rate limiter on ${label}: storage`, () => {
    const withStore = async (work: (store: SqlStore) => Promise<void>) => {
      const store = await openEmpty();
      try {
        await work(store);
      } finally {
        await store.close();
      }
    };

    it('shares counts between two stores on one database, as two app instances do', () =>
      withStore(async (store) => {
        const other = await openSqlStore(scratchUrl(), { migrate: false });
        try {
          await store.rateLimiter.hit('login:ada', RULE, at(0));
          expect(await other.rateLimiter.hit('login:ada', RULE, at(1))).toMatchObject({ count: 2 });
          expect(await store.rateLimiter.peek('login:ada', RULE, at(2))).toMatchObject({ count: 2 });
        } finally {
          await other.close();
        }
      }));

    it('keeps only the SHA-256 of a key in the table, never the key itself', () =>
      withStore(async (store) => {
        await store.rateLimiter.hit('login:ada@example.com:203.0.113.7', RULE, at(0));

        const rows = await store.db.selectFrom('rate_limits').selectAll().execute();
        expect(rows.map((row) => ({ ...row, count: Number(row.count), window_ends_at: Number(row.window_ends_at) }))).toEqual([
          { key: sha256('login:ada@example.com:203.0.113.7'), count: 1, window_ends_at: at(60_000).getTime() },
        ]);
      }));

    it('deletes the rows of ended windows only, and says how many', () =>
      withStore(async (store) => {
        await store.rateLimiter.hit('early', RULE, at(0));
        await store.rateLimiter.hit('late', RULE, at(30_000));

        expect(await store.rateLimiter.deleteEndedWindows(at(60_000))).toBe(1);
        expect(await store.rateLimiter.peek('late', RULE, at(60_000))).toMatchObject({ count: 1 });
        expect(await store.db.selectFrom('rate_limits').select('key').execute()).toEqual([{ key: sha256('late') }]);
        expect(await store.rateLimiter.deleteEndedWindows(at(60_000))).toBe(0);
      }));
  });
}
