import type { Revocation, RevocationStore } from '@gatehousejs/core/ports';
import { sql, type Kysely } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';
import type { SqlDialectName } from './sql-dialect.js';

type Db = Kysely<GatehouseDatabase>;

const isKind = (kind: string): kind is Revocation['kind'] => kind === 'session' || kind === 'user';

/** Recent revocations over Kysely: one row per session or user, the latest kept. */
export function createSqlRevocationStore(db: Db, dialect: SqlDialectName): RevocationStore {
  // The larger of the stored and the new value: SQLite's two-argument max(), GREATEST elsewhere.
  const larger = dialect === 'sqlite' ? 'max' : 'greatest';
  return {
    async recordRevocations(revocations, expiresAt) {
      const rows = revocations
        .filter((r) => couldBeStored(r.id))
        .map((r) => ({ kind: r.kind, id: r.id, at: r.at, expires_at: toEpochMillis(expiresAt) }));
      if (rows.length === 0) return;
      // One upsert keeping the latest revocation: parallel revocations of one session (twenty
      // refreshes of a stolen token, each detecting the reuse) must all succeed, not collide.
      const insert = db.insertInto('revocations').values(rows);
      if (dialect === 'mysql') {
        await insert
          .onDuplicateKeyUpdate({
            at: sql<number>`greatest(at, values(at))`,
            expires_at: sql<number>`greatest(expires_at, values(expires_at))`,
          })
          .execute();
        return;
      }
      await insert
        .onConflict((conflict) =>
          conflict.columns(['kind', 'id']).doUpdateSet({
            at: sql<number>`${sql.raw(larger)}(revocations.at, excluded.at)`,
            expires_at: sql<number>`${sql.raw(larger)}(revocations.expires_at, excluded.expires_at)`,
          }),
        )
        .execute();
    },

    async listRevocationsSince(since, now) {
      const rows = await db
        .selectFrom('revocations')
        .select(['kind', 'id', 'at'])
        .where('at', '>=', since)
        .where('expires_at', '>', toEpochMillis(now))
        .execute();
      return rows.flatMap((row) => (isKind(row.kind) ? [{ kind: row.kind, id: row.id, at: Number(row.at) }] : []));
    },

    async deleteRevocationsExpiredBefore(before) {
      const result = await db.deleteFrom('revocations').where('expires_at', '<=', toEpochMillis(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
