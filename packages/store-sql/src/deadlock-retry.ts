import type { SqlDialectName } from './sql-dialect.js';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** PostgreSQL `40P01`; MySQL/MariaDB errno 1213 `ER_LOCK_DEADLOCK`. SQLite runs one writer at a time. */
function isDeadlock(dialect: SqlDialectName, error: unknown): boolean {
  if (!isRecord(error)) return false;
  if (dialect === 'postgres') return error.code === '40P01';
  if (dialect === 'mysql') return error.errno === 1213 || error.code === 'ER_LOCK_DEADLOCK';
  return false;
}

/**
 * Runs a transaction again when the database chose it as a deadlock victim (it was rolled back
 * whole, so running it again is safe). InnoDB's next-key locks make a locking read followed by an
 * insert into the same index deadlock under contention, and its manual asks applications to
 * re-issue such a transaction; two attempts more are plenty for the two-writer races this guards.
 */
export async function retryOnDeadlock<T>(dialect: SqlDialectName, transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(dialect, error)) throw error;
    }
  }
}
