import type { Kysely } from 'kysely';
import { toEpochMillis } from './row-mapping.js';
import type { GatehouseDatabase } from './schema/database-schema.js';

/** How often an undo is tried while the database is away, and for how long at most. */
const RETRY_MS = 1_000;
const GIVE_UP_MS = 10 * 60_000;
/**
 * A delete that found the database answering is repeated once this much later: a COMMIT that the
 * frozen server still held in its socket buffer is processed within moments of the thaw, possibly
 * just after the first delete ran on another connection.
 */
const CONFIRM_AFTER_MS = 3_000;

/**
 * Deletes the user if nobody used it (unchanged since the insert, never logged in), then the refresh
 * token and the session its registration stored with it, once no user row holds that id.
 */
async function deleteUnusedUser(db: Kysely<GatehouseDatabase>, id: string, updatedAt: Date): Promise<void> {
  await db
    .deleteFrom('users')
    .where('id', '=', id)
    .where('updated_at', '=', toEpochMillis(updatedAt))
    .where('last_login_at', 'is', null)
    .execute();
  for (const table of ['refresh_tokens', 'sessions'] as const) {
    await db
      .deleteFrom(table)
      .where('user_id', '=', id)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('users').select('users.id').where('users.id', '=', id))))
      .execute();
  }
}

export interface UndoOfUnconfirmedInserts {
  /** The user inserted by a registration answered 503: make sure it is gone once the database answers. */
  undoUser(user: { id: string; updatedAt: Date }): void;
  /** Stops every pending undo (the store is closing; see the store's docs for what that leaves). */
  stop(): void;
}

/**
 * Undoes inserts whose outcome the client never learnt. A registration whose transaction failed with
 * the database unavailable was answered 503, but its COMMIT may have reached a server that was
 * frozen (SIGSTOP) or shutting down and commit later: no client timeout can abort a statement the
 * server already holds. So the store deletes that user once the database answers again, as long as
 * nobody used the account (unchanged since the insert, never logged in: with a 503 nobody knows its
 * id and no confirmation mail was sent). A 503'd registration then never leaves an account behind,
 * unless the process ends before the database comes back.
 */
export function createUndoOfUnconfirmedInserts(db: Kysely<GatehouseDatabase>): UndoOfUnconfirmedInserts {
  const timers = new Set<NodeJS.Timeout>();
  const later = (run: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    // Pending undos never keep a process alive that is otherwise done.
    timer.unref();
    timers.add(timer);
  };

  return {
    undoUser({ id, updatedAt }) {
      const startedAt = Date.now();
      let firstDeleteAt: number | undefined;
      const attempt = () => {
        deleteUnusedUser(db, id, updatedAt).then(
          () => {
            const now = Date.now();
            firstDeleteAt ??= now;
            if (now - firstDeleteAt < CONFIRM_AFTER_MS) later(attempt, CONFIRM_AFTER_MS);
          },
          () => {
            if (Date.now() - startedAt < GIVE_UP_MS) later(attempt, RETRY_MS);
          },
        );
      };
      later(attempt, RETRY_MS);
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
