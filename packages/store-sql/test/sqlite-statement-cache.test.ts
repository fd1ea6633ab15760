import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheSqliteStatements, type PreparingDatabase } from '../src/sqlite-statement-cache.js';

/** A real in-memory better-sqlite3 database that counts how often each SQL text is prepared. */
function countingDatabase() {
  const database = new Database(':memory:');
  database.exec("create table notes (id integer primary key, body text not null); insert into notes (body) values ('a'), ('b'), ('c')");
  const prepared: string[] = [];
  const counting: PreparingDatabase = {
    prepare: (text: string) => {
      prepared.push(text);
      return database.prepare(text);
    },
    close: () => database.close(),
  };
  return { database, counting, prepared };
}

const opened: Array<{ close(): unknown }> = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

describe('cacheSqliteStatements', () => {
  it('prepares a query once and answers it with each new parameter through Kysely', async () => {
    const { counting, prepared } = countingDatabase();
    const db = new Kysely<{ notes: { id: number; body: string } }>({
      dialect: new SqliteDialect({ database: cacheSqliteStatements(counting) }),
    });
    const bodyOf = async (id: number) => (await db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst())?.body;

    expect([await bodyOf(1), await bodyOf(2), await bodyOf(3), await bodyOf(4)]).toEqual(['a', 'b', 'c', undefined]);
    await db.updateTable('notes').set({ body: 'B' }).where('id', '=', 2).execute();
    expect(await bodyOf(2)).toBe('B');

    expect(prepared).toEqual(['select "body" from "notes" where "id" = ?', 'update "notes" set "body" = ? where "id" = ?']);
    await db.destroy();
  });

  it('gives a query its own statement while the cached one is still being iterated', () => {
    const { counting, prepared } = countingDatabase();
    const cache = cacheSqliteStatements(counting);
    opened.push(cache);
    const text = 'select body from notes order by id';
    const iterating = cache.prepare(text).iterate([]);
    expect(iterating.next().value).toEqual({ body: 'a' });
    // The same text meanwhile: better-sqlite3 would throw "This statement is busy" on the cached one.
    expect(cache.prepare(text).all([])).toEqual([{ body: 'a' }, { body: 'b' }, { body: 'c' }]);
    expect([...iterating]).toEqual([{ body: 'b' }, { body: 'c' }]);
    expect(prepared).toEqual([text, text]);
    // Done iterating: the cached statement is handed out again.
    cache.prepare(text).all([]);
    expect(prepared).toHaveLength(2);
  });

  it('keeps at most maxStatements, preparing a dropped one again when it comes back', () => {
    const { counting, prepared } = countingDatabase();
    const cache = cacheSqliteStatements(counting, 2);
    opened.push(cache);
    for (const id of [1, 2, 3, 1]) cache.prepare(`select body from notes where id = ${id}`).all([]);
    expect(prepared.map((text) => text.at(-1))).toEqual(['1', '2', '3', '1']);
  });

  it('answers a cached query with the columns a later schema change added', () => {
    const { database, counting } = countingDatabase();
    const cache = cacheSqliteStatements(counting);
    opened.push(cache);
    expect(cache.prepare('select * from notes where id = ?').all([1])).toEqual([{ id: 1, body: 'a' }]);
    database.exec("alter table notes add column tag text not null default 't'");
    expect(cache.prepare('select * from notes where id = ?').all([1])).toEqual([{ id: 1, body: 'a', tag: 't' }]);
  });

  it('closes the database on close()', async () => {
    const { database, counting } = countingDatabase();
    const db = new Kysely({ dialect: new SqliteDialect({ database: cacheSqliteStatements(counting) }) });
    await sql`select 1`.execute(db);
    await db.destroy();
    expect(database.open).toBe(false);
  });
});
