import { migrateToLatest, openSqlDatabase, schemaSql, type SqlDialectName } from '@gatehousejs/store-sql';
import { CliFailure, EXIT, type CliIo } from '../cli-io.js';
import { databaseUrl } from '../open-database.js';
import type { Command } from './command.js';

const DIALECTS: Record<string, SqlDialectName> = {
  sqlite: 'sqlite',
  postgres: 'postgres',
  postgresql: 'postgres',
  mysql: 'mysql',
  mariadb: 'mysql',
};

export const migrate: Command = {
  name: 'migrate',
  summary: 'Bring the database at DATABASE_URL to the latest schema, or print the schema.',
  usage: [
    'gatehouse migrate                 apply the missing migrations to DATABASE_URL',
    'gatehouse migrate --sql <dialect> print the schema as SQL (sqlite, postgres, mysql or mariadb); no database needed',
  ],
  options: { sql: { type: 'string' } },
  async run(io: CliIo, { values }) {
    if (values.sql !== undefined) {
      const dialect = DIALECTS[String(values.sql).toLowerCase()];
      if (!dialect) throw new CliFailure(`Unknown dialect "${values.sql}": use sqlite, postgres, mysql or mariadb.`, EXIT.usage);
      for (const statement of await schemaSql(dialect)) io.out(`${statement};`);
      return;
    }
    const { db, dialect } = await openSqlDatabase(databaseUrl(io));
    try {
      const { applied } = await migrateToLatest(db, dialect);
      if (applied.length === 0) io.out(`Gatehouse schema (${dialect}) is already up to date.`);
      for (const name of applied) io.out(`Applied migration ${name} (${dialect}).`);
    } finally {
      await db.destroy();
    }
  },
};
