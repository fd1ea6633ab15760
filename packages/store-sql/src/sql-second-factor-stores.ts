import { createHash } from 'node:crypto';
import { AuthError } from '@gatehousejs/core';
import type {
  ChallengeRecord,
  ChallengeStore,
  PasskeyRecord,
  PasskeyStore,
  RecoveryCodeStore,
  TotpFactorStore,
} from '@gatehousejs/core/ports';
import { sql, type Kysely, type Selectable } from 'kysely';
import { couldBeStored } from './could-be-stored.js';
import { fromEpochMillis, toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';
import type { AuthChallengesTable, PasskeysTable } from './schema/second-factor-schema.js';

type Db = Kysely<GatehouseDatabase>;

const nullableDate = (value: number | string | bigint | null): Date | null => (value === null ? null : fromEpochMillis(value));
const credentialKey = (credentialId: string) => createHash('sha256').update(credentialId).digest('hex');

/**
 * The authenticator-app factor over Kysely. `useTotpStep` is one conditional UPDATE: of two
 * instances accepting the same code at once, only the one whose UPDATE changed the row goes on.
 */
export function createSqlTotpFactorStore(db: Db): TotpFactorStore {
  const replacePending = async (userId: string, secretCiphertext: string, createdAt: Date) => {
    const result = await db
      .updateTable('totp_factors')
      .set({ secret_ciphertext: secretCiphertext, created_at: toEpochMillis(createdAt), last_used_step: null })
      .where('user_id', '=', userId)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  };
  return {
    async savePendingTotpFactor({ userId, secretCiphertext, createdAt }) {
      if (await replacePending(userId, secretCiphertext, createdAt)) return true;
      try {
        await db
          .insertInto('totp_factors')
          .values({
            user_id: userId,
            secret_ciphertext: secretCiphertext,
            created_at: toEpochMillis(createdAt),
            confirmed_at: null,
            last_used_step: null,
          })
          .execute();
        return true;
      } catch (error) {
        // A row appeared since the UPDATE: a confirmed factor stays; a parallel pending one is replaced.
        const existing = await db.selectFrom('totp_factors').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst();
        if (!existing) throw error;
        return existing.confirmed_at === null ? replacePending(userId, secretCiphertext, createdAt) : false;
      }
    },

    async findTotpFactor(userId) {
      if (!couldBeStored(userId)) return null;
      const row = await db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
      if (!row) return null;
      return {
        userId: row.user_id,
        secretCiphertext: row.secret_ciphertext,
        createdAt: fromEpochMillis(row.created_at),
        confirmedAt: nullableDate(row.confirmed_at),
        lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
      };
    },

    async useTotpStep(userId, step, now, confirm = false) {
      let query = db
        .updateTable('totp_factors')
        .set({ last_used_step: step, confirmed_at: sql<number>`coalesce(confirmed_at, ${toEpochMillis(now)})` })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]));
      if (!confirm) query = query.where('confirmed_at', 'is not', null);
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async deleteTotpFactor(userId) {
      const result = await db.deleteFrom('totp_factors').where('user_id', '=', userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async hasConfirmedTotpFactors() {
      const row = await db.selectFrom('totp_factors').select('user_id').where('confirmed_at', 'is not', null).limit(1).executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** Recovery codes over Kysely: a set is replaced in one transaction; a code is used by one conditional UPDATE. */
export function createSqlRecoveryCodeStore(db: Db): RecoveryCodeStore {
  return {
    async replaceRecoveryCodes(userId, codeHashes, now) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        if (codeHashes.length === 0) return;
        await trx
          .insertInto('recovery_codes')
          .values(codeHashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash, created_at: toEpochMillis(now), used_at: null })))
          .execute();
      });
    },

    async consumeRecoveryCode(userId, codeHash, now) {
      if (!couldBeStored(codeHash)) return false;
      const result = await db
        .updateTable('recovery_codes')
        .set({ used_at: toEpochMillis(now) })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async countRecoveryCodes(userId) {
      const row = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('left'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.left);
    },

    async deleteRecoveryCodes(userId) {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },
  };
}

function toPasskey(row: Selectable<PasskeysTable>): PasskeyRecord {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    deviceType: row.device_type,
    backedUp: Boolean(Number(row.backed_up)),
    name: row.name,
    createdAt: fromEpochMillis(row.created_at),
    lastUsedAt: nullableDate(row.last_used_at),
  };
}

/** Passkeys over Kysely; the counter moves by a compare-and-set UPDATE. */
export function createSqlPasskeyStore(db: Db): PasskeyStore {
  return {
    async savePasskey(record) {
      try {
        await db
          .insertInto('passkeys')
          .values({
            id: record.id,
            user_id: record.userId,
            credential_id: record.credentialId,
            credential_id_hash: credentialKey(record.credentialId),
            public_key: Buffer.from(record.publicKey).toString('base64url'),
            counter: record.counter,
            transports: JSON.stringify(record.transports),
            device_type: record.deviceType,
            backed_up: record.backedUp ? 1 : 0,
            name: record.name,
            created_at: toEpochMillis(record.createdAt),
            last_used_at: record.lastUsedAt ? toEpochMillis(record.lastUsedAt) : null,
          })
          .execute();
      } catch (error) {
        // Told apart by looking, not by each driver's wording of a duplicate key.
        const taken = await db
          .selectFrom('passkeys')
          .select('id')
          .where('credential_id_hash', '=', credentialKey(record.credentialId))
          .executeTakeFirst();
        if (taken) throw new AuthError('PASSKEY_IN_USE');
        throw error;
      }
    },

    async listPasskeys(userId) {
      const rows = await db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toPasskey);
    },

    async findPasskeyByCredentialId(credentialId) {
      if (!couldBeStored(credentialId)) return null;
      const row = await db
        .selectFrom('passkeys')
        .selectAll()
        .where('credential_id_hash', '=', credentialKey(credentialId))
        .executeTakeFirst();
      return row && row.credential_id === credentialId ? toPasskey(row) : null;
    },

    async recordPasskeyUse(id, previousCounter, counter, now) {
      const result = await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: toEpochMillis(now) })
        .where('id', '=', id)
        .where('counter', '=', previousCounter)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async renamePasskey(userId, id, name) {
      if (!couldBeStored(id)) return false;
      const result = await db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      // MySQL counts only changed rows: the same name again changes none, yet the passkey exists.
      if (result.numUpdatedRows === 1n) return true;
      const row = await db.selectFrom('passkeys').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    async deletePasskey(userId, id) {
      if (!couldBeStored(id)) return false;
      const result = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return result.numDeletedRows === 1n;
    },

    async deletePasskeys(userId) {
      const result = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function toChallenge(row: Selectable<AuthChallengesTable>): ChallengeRecord {
  return {
    idHash: row.id_hash,
    purpose: row.purpose as ChallengeRecord['purpose'],
    userId: row.user_id,
    data: row.data,
    createdAt: fromEpochMillis(row.created_at),
    expiresAt: fromEpochMillis(row.expires_at),
  };
}

/** Challenges over Kysely: taken by one conditional UPDATE, so of two racing callers one gets it. */
export function createSqlChallengeStore(db: Db): ChallengeStore {
  const usable = (idHash: string, purpose: string, now: Date) =>
    db
      .selectFrom('auth_challenges')
      .selectAll()
      .where('id_hash', '=', idHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', toEpochMillis(now));
  return {
    async saveChallenge(record) {
      await db.deleteFrom('auth_challenges').where('expires_at', '<=', toEpochMillis(record.createdAt)).execute();
      await db
        .insertInto('auth_challenges')
        .values({
          id_hash: record.idHash,
          purpose: record.purpose,
          user_id: record.userId,
          data: record.data,
          created_at: toEpochMillis(record.createdAt),
          expires_at: toEpochMillis(record.expiresAt),
          used_at: null,
        })
        .execute();
    },

    async findChallenge(idHash, purpose, now) {
      if (!couldBeStored(idHash)) return null;
      const row = await usable(idHash, purpose, now).executeTakeFirst();
      return row ? toChallenge(row) : null;
    },

    async consumeChallenge(idHash, purpose, now) {
      if (!couldBeStored(idHash)) return null;
      const result = await db
        .updateTable('auth_challenges')
        .set({ used_at: toEpochMillis(now) })
        .where('id_hash', '=', idHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', toEpochMillis(now))
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return null;
      const row = await db.selectFrom('auth_challenges').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
      return row ? toChallenge(row) : null;
    },
  };
}
