import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { SqlDialectName } from '../sql-dialect.js';

/** An empty, uniquely named place to run against, and how to remove it afterwards. */
export interface Scratch {
  url: string;
  /** The schema (PostgreSQL), database (MariaDB) or directory (SQLite) this run owns. */
  name: string;
  drop(): Promise<void>;
}

export interface SqlTestServer {
  label: string;
  dialect: SqlDialectName;
  /** Why the server cannot be used, or null when it can. */
  unreachable: string | null;
  createScratch(): Promise<Scratch>;
}

// Random names keep parallel runs (two vitest processes, two CI jobs on one server) apart.
const scratchName = (prefix: string) => `${prefix}${randomBytes(6).toString('hex')}`;

const hostOf = (url: string) => {
  const { hostname, port } = new URL(url);
  return `${hostname}:${port}`;
};

const describeError = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));

export function sqliteTestServer(): SqlTestServer {
  return {
    label: 'SQLite (temporary file)',
    dialect: 'sqlite',
    unreachable: null,
    async createScratch() {
      const dir = await mkdtemp(join(tmpdir(), 'gatehouse-sqlite-'));
      // A nested path proves that opening the database creates the parent directory.
      return { url: `sqlite:${join(dir, 'nested', 'gatehouse.db')}`, name: dir, drop: () => rm(dir, { recursive: true, force: true }) };
    },
  };
}

/** PostgreSQL at 127.0.0.1:5432, user `postgres` or `root` (trust auth), database `test`. */
export async function postgresTestServer(): Promise<SqlTestServer> {
  const candidates = process.env.GATEHOUSE_TEST_POSTGRES_URL
    ? [process.env.GATEHOUSE_TEST_POSTGRES_URL]
    : ['postgres://postgres@127.0.0.1:5432/test', 'postgres://root@127.0.0.1:5432/test'];
  // Every candidate must fail before the server counts as unreachable; report each reason.
  const reasons: string[] = [];
  const label = `PostgreSQL at ${hostOf(candidates[0] ?? '')}`;
  const admin = async <T>(url: string, work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  for (const adminUrl of candidates) {
    try {
      await admin(adminUrl, (client) => client.query('select 1'));
    } catch (error) {
      reasons.push(`${new URL(adminUrl).username}: ${describeError(error)}`);
      continue;
    }
    return {
      label,
      dialect: 'postgres',
      unreachable: null,
      async createScratch() {
        const name = scratchName('gh_');
        await admin(adminUrl, (client) => client.query(`create schema ${name}`));
        // Every pooled connection starts with search_path set to the scratch schema.
        const url = `${adminUrl}${adminUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${name}`)}`;
        return { url, name, drop: () => admin(adminUrl, (client) => client.query(`drop schema ${name} cascade`)).then(() => undefined) };
      },
    };
  }
  const reason = reasons.join('; ');
  return { label, dialect: 'postgres', unreachable: reason, createScratch: () => Promise.reject(new Error(reason)) };
}

/** MariaDB or MySQL at 127.0.0.1:3306, user `root` without password, database `test`. */
export async function mariadbTestServer(): Promise<SqlTestServer> {
  const adminUrl = process.env.GATEHOUSE_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
  const label = `MariaDB/MySQL at ${hostOf(adminUrl)}`;
  const admin = async <T>(work: (connection: mysql.Connection) => Promise<T>) => {
    const connection = await mysql.createConnection({ uri: adminUrl, connectTimeout: 3000 });
    try {
      return await work(connection);
    } finally {
      await connection.end();
    }
  };
  try {
    await admin((connection) => connection.query('select 1'));
  } catch (error) {
    const reason = describeError(error);
    return { label, dialect: 'mysql', unreachable: reason, createScratch: () => Promise.reject(new Error(reason)) };
  }
  return {
    label,
    dialect: 'mysql',
    unreachable: null,
    async createScratch() {
      const name = scratchName('gh_test_');
      // No charset here on purpose: the tables declare utf8mb4/utf8mb4_bin themselves.
      await admin((connection) => connection.query(`create database ${name}`));
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        url: url.toString(),
        name,
        drop: () => admin((connection) => connection.query(`drop database ${name}`)).then(() => undefined),
      };
    },
  };
}
