import { describe, expect, it } from 'vitest';
import { createTestDb } from '../testing/test-app';
import { createReadCache } from './db';

/** A stand-in database: counts the reads it answers and lets a test hold one until released. */
function fakeDatabase() {
  let value = 1;
  let asked = 0;
  return {
    get asked() {
      return asked;
    },
    set(next: number) {
      value = next;
    },
    read: async (): Promise<{ value: number }[]> => {
      asked += 1;
      await Promise.resolve();
      return [{ value }];
    },
  };
}

const select = 'SELECT value FROM things WHERE id = $1';

describe('kept answers of a database this process alone uses', () => {
  it('answers a cacheable read once until something is written, then asks again', async () => {
    const cache = createReadCache();
    const db = fakeDatabase();
    expect(await cache.run(select, [1], { cache: true }, db.read)).toEqual([{ value: 1 }]);
    expect(await cache.run(select, [1], { cache: true }, db.read)).toEqual([{ value: 1 }]);
    expect(db.asked).toBe(1);
    // Other parameters are another answer.
    await cache.run(select, [2], { cache: true }, db.read);
    expect(db.asked).toBe(2);

    await cache.run('UPDATE things SET value = 2', [], {}, () => {
      db.set(2);
      return Promise.resolve([]);
    });
    expect(await cache.run(select, [1], { cache: true }, db.read)).toEqual([{ value: 2 }]);
    expect(db.asked).toBe(3);
  });

  it('keeps its answers across plain reads, and drops them for any statement that is not one', async () => {
    const cache = createReadCache();
    const db = fakeDatabase();
    await cache.run(select, [1], { cache: true }, db.read);
    await cache.run('SELECT 1', [], {}, () => Promise.resolve([]));
    await cache.run(select, [1], { cache: true }, db.read);
    expect(db.asked).toBe(1);
    for (const statement of ['INSERT INTO things VALUES (1)', 'WITH x AS (DELETE FROM things) SELECT 1', 'ANALYZE']) {
      await cache.run(statement, [], {}, () => Promise.resolve([]));
      await cache.run(select, [1], { cache: true }, db.read);
    }
    expect(db.asked).toBe(4);
  });

  it('drops its answers when a transaction begins and when it ends', async () => {
    const cache = createReadCache();
    const db = fakeDatabase();
    await cache.run(select, [1], { cache: true }, db.read);
    await cache.writing(async () => {
      db.set(3);
      await cache.run(select, [1], { cache: true }, db.read);
    });
    expect(await cache.run(select, [1], { cache: true }, db.read)).toEqual([{ value: 3 }]);
    expect(db.asked).toBe(3);
  });

  it('does not keep a read that a write overtook, so the next read sees the write', async () => {
    const cache = createReadCache();
    const db = fakeDatabase();
    let finishRead = (): void => undefined;
    const slowRead = cache.run(select, [1], { cache: true }, async () => {
      const rows = [{ value: 1 }];
      await new Promise<void>((resolve) => {
        finishRead = resolve;
      });
      return rows;
    });
    await cache.run('UPDATE things SET value = 5', [], {}, () => {
      db.set(5);
      return Promise.resolve([]);
    });
    finishRead();
    expect(await slowRead).toEqual([{ value: 1 }]);
    expect(await cache.run(select, [1], { cache: true }, db.read)).toEqual([{ value: 5 }]);
  });
});

it('on the database the server runs on, a kept answer never outlives a change to the rows it came from', async () => {
  const db = await createTestDb();
  try {
    await db.query('CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)');
    await db.query("INSERT INTO notes VALUES (1, 'first')");
    const body = async () =>
      (await db.query<{ body: string }>('SELECT body FROM notes WHERE id = $1', [1], { cache: true }))[0]?.body;
    expect(await body()).toBe('first');
    expect(await body()).toBe('first');
    await db.query("UPDATE notes SET body = 'changed' WHERE id = $1", [1]);
    expect(await body()).toBe('changed');
    await db.tx(async (tx) => {
      await tx.query("UPDATE notes SET body = 'in a transaction' WHERE id = $1", [1]);
    });
    expect(await body()).toBe('in a transaction');
  } finally {
    await db.close();
  }
});
