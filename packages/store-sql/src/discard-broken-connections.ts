import type { MysqlPool, MysqlPoolConnection, PostgresPool, PostgresPoolClient } from 'kysely';

/**
 * Pools whose connections are destroyed, never reused, when a query on them failed without the
 * server's answer (a timeout, a lost socket) or is still running when the connection is released.
 *
 * Why: a statement that timed out on the client may still be queued at the server (a frozen or
 * overloaded database). pg drops the client's own `rollback` queued behind it when that one times out
 * too, so the pooled connection went back to the pool inside an open transaction: the next request's
 * statements then ran inside it, and its COMMIT committed the earlier, already-refused insert (a
 * registration answered 503 and stored anyway), or autocommit writes stayed uncommitted. A destroyed
 * connection ends its session: the server rolls back whatever transaction it still holds once it
 * gets to the end of the connection.
 */

/** A server's own error (SQLSTATE, or mysql2's `errno` with `sqlState`): the connection is still in step. */
export function isServerAnswer(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, sqlState, fatal } = error as { code?: unknown; sqlState?: unknown; fatal?: unknown };
  if (fatal === true) return false;
  return (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) || typeof sqlState === 'string';
}

/** Counts a connection's queries in flight and remembers whether one failed without the server's answer. */
class ConnectionHealth {
  #inFlight = 0;
  #broken = false;

  track<T>(work: T): T {
    // A pg cursor, say, is no promise: nothing to wait for.
    if (!(work instanceof Promise)) return work;
    this.#inFlight += 1;
    work.then(
      () => {
        this.#inFlight -= 1;
      },
      (error: unknown) => {
        this.#inFlight -= 1;
        if (!isServerAnswer(error)) this.#broken = true;
      },
    );
    return work;
  }

  get reusable(): boolean {
    return !this.#broken && this.#inFlight === 0;
  }
}

/** The part of a pg `Pool` this needs: pg-pool ends and drops a client released with `true`. */
interface PgPool {
  connect(): Promise<{ query(...args: any[]): any; release(destroy?: boolean): void }>;
  end(): Promise<void>;
}

/** For Kysely's `PostgresDialect`: `pool` whose clients are destroyed at release when not reusable. */
export function pgPoolDiscardingBroken(pool: PgPool): PostgresPool {
  type Client = Awaited<ReturnType<PgPool['connect']>>;
  // One view per pg client, so Kysely keeps finding its connection for it.
  const views = new WeakMap<Client, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let view = views.get(client);
      if (!view) {
        const health = new ConnectionHealth();
        view = {
          query: ((...args: any[]) => health.track(client.query(...args))) as PostgresPoolClient['query'],
          release: () => {
            const reusable = health.reusable;
            if (!reusable) views.delete(client);
            client.release(!reusable);
          },
        };
        views.set(client, view);
      }
      return view;
    },
    end: () => pool.end(),
  };
}

/** The part of a mysql2 pool connection this needs besides Kysely's. */
type MysqlRawConnection = MysqlPoolConnection & { destroy(): void };

/** For Kysely's `MysqlDialect`: `pool` whose connections are destroyed at release when not reusable. */
export function mysqlPoolDiscardingBroken(pool: {
  getConnection(callback: (error: any, connection: any) => void): void;
  end(callback: (error: unknown) => void): void;
}): MysqlPool {
  return {
    getConnection(callback) {
      pool.getConnection((error, raw: MysqlRawConnection) => {
        if (error) {
          callback(error, raw);
          return;
        }
        const health = new ConnectionHealth();
        const view: MysqlPoolConnection = {
          query: ((sql: string, parameters: unknown[], done?: (error: unknown, result: any) => void) => {
            // Kysely streams without a callback; nothing to track then.
            if (!done) return raw.query(sql, parameters);
            const answered = new Promise<void>((resolve, reject) => {
              raw.query(sql, parameters, (queryError, result) => {
                done(queryError, result);
                if (queryError) reject(queryError);
                else resolve();
              });
            });
            health.track(answered).catch(() => {});
          }) as MysqlPoolConnection['query'],
          release: () => (health.reusable ? raw.release() : raw.destroy()),
        };
        callback(null, view);
      });
    },
    end: (callback) => pool.end(callback),
  };
}
