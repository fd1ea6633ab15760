import { createHash } from 'node:crypto';
import type { RateLimitDecision, RateLimiter, RateLimitRule } from '@gatehousejs/core/ports';
import { sql, type Kysely } from 'kysely';
import { toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';
import type { SqlDialectName } from './sql-dialect.js';

type Db = Kysely<GatehouseDatabase>;

/** A `RateLimiter` over the `rate_limits` table, plus the housekeeping only a table needs. */
export interface SqlRateLimiter extends RateLimiter {
  /**
   * Deletes the rows of windows that ended at or before `now` and returns how many. Ended rows are
   * harmless (the next hit starts a new window over them) but stay until deleted: run this from a
   * periodic job, e.g. every few minutes.
   */
  deleteEndedWindows(now: Date): Promise<number>;
}

interface WindowRow {
  count: number | string;
  window_ends_at: number | string | bigint;
}

/**
 * The row key: SHA-256 of the limiter key, in hex. Any key fits the 255-character column (a prefix
 * plus a 254-character e-mail would not), keys compare byte for byte on every dialect (MariaDB's
 * `utf8mb4_bin` ignores trailing spaces) and the table holds no e-mail address or client address.
 */
function rowKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function decide(row: WindowRow | undefined, rule: RateLimitRule, nowMs: number, counted: boolean): RateLimitDecision {
  // A row whose window has ended is a leftover, the same as no row.
  const live = row && Number(row.window_ends_at) > nowMs ? row : undefined;
  const count = live ? Number(live.count) : 0;
  const endsAt = live ? Number(live.window_ends_at) : nowMs + rule.windowSeconds * 1000;
  return {
    allowed: counted ? count <= rule.limit : count < rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((endsAt - nowMs) / 1000)),
  };
}

/**
 * The two assignments of the upsert, as SQL every dialect reads the same. Both test the stored row's
 * old `window_ends_at`: an ended window restarts at one hit, a running one counts on.
 */
function nextWindow(nowMs: number, newEnd: number) {
  const endsAt = sql.ref('rate_limits.window_ends_at');
  const ended = sql`${endsAt} <= ${nowMs}`;
  return {
    count: sql<number>`case when ${ended} then 1 else ${sql.ref('rate_limits.count')} + 1 end`,
    window_ends_at: sql<number>`case when ${ended} then ${newEnd} else ${endsAt} end`,
  };
}

/** PostgreSQL and SQLite: one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, atomic on its own. */
async function upsertReturning(db: Db, key: string, nowMs: number, newEnd: number): Promise<WindowRow> {
  return db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_ends_at: newEnd })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(nextWindow(nowMs, newEnd)))
    .returning(['count', 'window_ends_at'])
    .executeTakeFirstOrThrow();
}

/** InnoDB's answer when it breaks a lock cycle; the statement can simply run again. */
const isDeadlock = (error: unknown) => (error as { errno?: number }).errno === 1213;

/**
 * MySQL/MariaDB have no `RETURNING` on an upsert: `INSERT … ON DUPLICATE KEY UPDATE`, then read the
 * row back in the same transaction. The upsert keeps the row locked until commit, so the read sees
 * this hit's own count and no other hit's.
 */
async function upsertThenRead(db: Db, key: string, nowMs: number, newEnd: number): Promise<WindowRow> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('rate_limits')
          .values({ key, count: 1, window_ends_at: newEnd })
          // MySQL applies these assignments left to right and a later one sees what an earlier one
          // set, so `count` must come first, while `window_ends_at` still holds the old window end.
          .onDuplicateKeyUpdate(nextWindow(nowMs, newEnd))
          .execute();
        return trx.selectFrom('rate_limits').select(['count', 'window_ends_at']).where('key', '=', key).executeTakeFirstOrThrow();
      });
    } catch (error) {
      // Parallel first hits on a new key can deadlock in InnoDB's insert locking; the loser retries.
      if (!isDeadlock(error) || attempt >= 5) throw error;
    }
  }
}

/**
 * A rate limiter over the `rate_limits` table (migration `0002`), so every instance that shares the
 * database shares the counts. Each hit is one atomic upsert; time always comes from `now`, never
 * from the database's clock. An `SqlStore` carries one as `store.rateLimiter`.
 *
 * @example
 * const store = await openSqlStore(process.env.DATABASE_URL ?? 'sqlite:./data/gatehouse.db');
 * const auth = createAuth({ store, rateLimiter: createSqlRateLimiter(store.db, store.dialect), ... });
 */
export function createSqlRateLimiter(db: Db, dialect: SqlDialectName): SqlRateLimiter {
  const upsert = dialect === 'mysql' ? upsertThenRead : upsertReturning;
  return {
    async hit(key, rule, now) {
      const nowMs = toEpochMillis(now);
      const row = await upsert(db, rowKey(key), nowMs, nowMs + rule.windowSeconds * 1000);
      return decide(row, rule, nowMs, true);
    },

    async peek(key, rule, now) {
      const row = await db.selectFrom('rate_limits').select(['count', 'window_ends_at']).where('key', '=', rowKey(key)).executeTakeFirst();
      return decide(row, rule, toEpochMillis(now), false);
    },

    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', rowKey(key)).execute();
    },

    async release(key, now) {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', rowKey(key))
        .where('count', '>', 0)
        .where('window_ends_at', '>', toEpochMillis(now))
        .execute();
    },

    async deleteEndedWindows(now) {
      const result = await db.deleteFrom('rate_limits').where('window_ends_at', '<=', toEpochMillis(now)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
