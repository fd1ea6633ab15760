import { openSqlStore, type SqlStore } from '@gatehousejs/store-sql';
import { CliFailure, EXIT, type CliIo } from './cli-io.js';

const FORMS = 'sqlite:<path>, postgres://…, postgresql://…, mysql://… or mariadb://…';

export function databaseUrl(io: CliIo): string {
  const url = io.env.DATABASE_URL;
  if (!url) throw new CliFailure(`DATABASE_URL is not set. Use ${FORMS}.`, EXIT.usage);
  return url;
}

/** Opens the store at DATABASE_URL without migrating (that is `gatehouse migrate`'s job), runs `work`, closes it. */
export async function withStore<T>(io: CliIo, work: (store: SqlStore) => Promise<T>): Promise<T> {
  const store = await openSqlStore(databaseUrl(io), { migrate: false });
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
