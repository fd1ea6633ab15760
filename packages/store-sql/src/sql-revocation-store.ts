import type { Revocation, RevocationStore } from '@gatehousejs/core';
import type { Kysely } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';

type Db = Kysely<GatehouseDatabase>;

const isKind = (kind: string): kind is Revocation['kind'] => kind === 'session' || kind === 'user';

/** Recent revocations over Kysely: one row per session or user, the latest kept. */
export function createSqlRevocationStore(db: Db): RevocationStore {
  return {
    async recordRevocations(revocations, expiresAt) {
      const rows = revocations.filter((r) => couldBeStored(r.id));
      if (rows.length === 0) return;
      // Delete then insert in one transaction: an upsert written once for all three dialects.
      await db.transaction().execute(async (trx) => {
        for (const r of rows) {
          await trx.deleteFrom('revocations').where('kind', '=', r.kind).where('id', '=', r.id).where('at', '<=', r.at).execute();
          const kept = await trx
            .selectFrom('revocations')
            .select('id')
            .where('kind', '=', r.kind)
            .where('id', '=', r.id)
            .executeTakeFirst();
          if (!kept) {
            await trx
              .insertInto('revocations')
              .values({ kind: r.kind, id: r.id, at: r.at, expires_at: toEpochMillis(expiresAt) })
              .execute();
          }
        }
      });
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
