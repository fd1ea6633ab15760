import { AuthError } from '@gatehousejs/core';
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';
import { asDatabaseUnavailable, DatabaseTimeoutError } from './database-unavailable.js';
import { isServerAnswer } from './discard-broken-connections.js';

export interface DriverTimeouts {
  /** Waiting for a connection from the pool (and opening one), in milliseconds. */
  connectTimeoutMs: number;
  /** One statement, `begin`, `commit` or `rollback`, in milliseconds. */
  queryTimeoutMs: number;
}

/**
 * `work`, or a rejection after `ms`; `late` gets what `work` resolves to after the timeout. With no
 * `ms` (SQLite: a local file answers synchronously), `work` as it is, without a timer per query.
 */
function within<T>(work: Promise<T>, ms: number | undefined, what: string, late?: (value: T) => void): Promise<T> {
  if (ms === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new DatabaseTimeoutError(what, ms));
    }, ms);
  });
  work.then(
    (value) => {
      if (timedOut) late?.(value);
    },
    () => {},
  );
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A Kysely driver that bounds every wait on the database and says `DATABASE_UNAVAILABLE` when the
 * database cannot be reached or used, so a stopped or frozen database answers 503 within the
 * timeouts instead of a 500 or a hang. Errors of the query itself (a unique violation, a bug) pass
 * through unchanged. A connection that arrives after its timeout goes straight back to the pool.
 */
class GuardedDriver implements Driver {
  /** The driver's connection behind each one handed to Kysely. */
  readonly #inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  /**
   * Connections out of step with their server: a statement timed out or the socket failed. A
   * `rollback` sent on one would only queue behind the statement the server still holds (and time
   * out in turn); the pool destroys such a connection at release instead (see
   * `discard-broken-connections.ts`), and the server rolls the transaction back when it sees it go.
   */
  readonly #outOfStep = new WeakSet<DatabaseConnection>();
  readonly #driver: Driver;
  readonly #timeouts: Partial<DriverTimeouts>;
  #closed: Promise<void> | undefined;

  constructor(driver: Driver, timeouts: Partial<DriverTimeouts>) {
    this.#driver = driver;
    this.#timeouts = timeouts;
  }

  #unwrap(connection: DatabaseConnection): DatabaseConnection {
    return this.#inner.get(connection) ?? connection;
  }

  async #guard<T>(work: () => Promise<T>, what: string, connection?: DatabaseConnection): Promise<T> {
    try {
      return await within(work(), this.#timeouts.queryTimeoutMs, what);
    } catch (error) {
      const unavailable = asDatabaseUnavailable(error, error instanceof DatabaseTimeoutError);
      if (connection && unavailable !== error && !isServerAnswer(error)) this.#outOfStep.add(connection);
      throw unavailable;
    }
  }

  async init(): Promise<void> {
    await this.#driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#closed) {
      // A request that arrives during shutdown: the pool is gone, the answer is a 503.
      throw new AuthError('DATABASE_UNAVAILABLE', undefined, undefined, { cause: new Error('the database pool is closed') });
    }
    let inner: DatabaseConnection;
    try {
      inner = await within(this.#driver.acquireConnection(), this.#timeouts.connectTimeoutMs, 'a database connection', (late) => {
        void this.#driver.releaseConnection(late).catch(() => {});
      });
    } catch (error) {
      // No connection is always the database being unavailable, whatever the driver called it.
      throw asDatabaseUnavailable(error, true);
    }
    const guarded: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
        this.#guard(() => inner.executeQuery<R>(query), 'the database', guarded),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => inner.streamQuery<R>(query, chunkSize),
    };
    this.#inner.set(guarded, inner);
    return guarded;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#guard(() => this.#driver.beginTransaction(this.#unwrap(connection), settings), 'begin', connection);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#guard(() => this.#driver.commitTransaction(this.#unwrap(connection)), 'commit', connection);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#outOfStep.has(connection)) return;
    return this.#guard(() => this.#driver.rollbackTransaction(this.#unwrap(connection)), 'rollback');
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#driver.releaseConnection(this.#unwrap(connection));
  }

  destroy(): Promise<void> {
    this.#closed ??= this.#driver.destroy();
    return this.#closed;
  }
}

export interface GuardedDialect extends Dialect {
  /**
   * Closes the pool without destroying the Kysely instance: a query after it rejects with
   * `DATABASE_UNAVAILABLE` (503), where Kysely's own `destroy()` would make it a plain error (500).
   */
  close(): Promise<void>;
}

/**
 * `dialect` with a driver that bounds every wait on a database server and turns "cannot reach it"
 * into `DATABASE_UNAVAILABLE` (see `GuardedDriver`). Gatehouse's stores use no savepoints, so the
 * wrapper offers none.
 */
export function guardDialect(dialect: Dialect, timeouts: Partial<DriverTimeouts>): GuardedDialect {
  let driver: GuardedDriver | undefined;
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => (driver = new GuardedDriver(dialect.createDriver(), timeouts)),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    close: async () => {
      await driver?.destroy();
    },
  };
}
