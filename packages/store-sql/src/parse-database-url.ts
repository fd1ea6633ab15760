import { AuthError } from '@gatehousejs/core';
import type { SqlDialectName } from './sql-dialect.js';

/** Where to connect, as read from a database URL. */
export type DatabaseTarget =
  | { dialect: 'sqlite'; filename: string }
  | { dialect: Exclude<SqlDialectName, 'sqlite'>; connectionString: string };

const ACCEPTED = 'sqlite:<path>, postgres://…, postgresql://…, mysql://… or mariadb://…';

/**
 * Picks the dialect from a database URL without touching the network or the file system:
 * - `sqlite:<path>`: a file, relative to the working directory or absolute (`sqlite:./data/app.db`,
 *   `sqlite:/var/lib/app.db`); `sqlite://<path>` is read the same way; `sqlite::memory:` is in memory;
 * - `postgres://…` or `postgresql://…`: PostgreSQL, passed to `pg` as is (so `?options=-c search_path=…` works);
 * - `mysql://…` or `mariadb://…`: MySQL or MariaDB through `mysql2`.
 *
 * Errors name the scheme but never echo the URL, which may hold a password.
 *
 * @example
 * parseDatabaseUrl('sqlite:./data/gatehouse.db'); // { dialect: 'sqlite', filename: './data/gatehouse.db' }
 */
export function parseDatabaseUrl(url: string): DatabaseTarget {
  const trimmed = url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'sqlite': {
      const rest = trimmed.slice('sqlite:'.length);
      const filename = rest.startsWith('//') ? rest.slice(2) : rest;
      if (filename === '') throw new AuthError('INVALID_CONFIG', `The sqlite: database URL names no file; use sqlite:<path>.`);
      return { dialect: 'sqlite', filename };
    }
    case 'postgres':
    case 'postgresql':
      return { dialect: 'postgres', connectionString: trimmed };
    case 'mysql':
    case 'mariadb':
      // mysql2 reads mysql:// only; MariaDB speaks the same protocol.
      return { dialect: 'mysql', connectionString: `mysql:${trimmed.slice(scheme.length + 1)}` };
    default:
      throw new AuthError(
        'INVALID_CONFIG',
        scheme === undefined
          ? `The database URL has no scheme; use ${ACCEPTED}.`
          : `Unsupported database URL scheme "${scheme}:"; use ${ACCEPTED}.`,
      );
  }
}
