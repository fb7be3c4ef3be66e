import { Kysely, PostgresDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SessionCache, writesAuthTable } from './session-cache';

// A Kysely instance that only compiles (no connection is ever made).
const db = new Kysely<{ users: { id: number; active: boolean }; roles: { id: number }; sessions: { id: string }; crops: { id: number } }>({
  dialect: new PostgresDialect({ pool: {} as never }),
});
const session = (id: string) => ({ sessionId: id, user: { id: 1, name: 'A', email: 'a@x', permissions: ['Users'], languageId: null } });
const times = (now: number) => ({ lastSeen: now, expiresAt: now + 60_000 });

describe('writesAuthTable', () => {
  it('sees writes to users and roles and ended sessions, through the builder and raw SQL', () => {
    expect(writesAuthTable(db.updateTable('users').set({ active: false }).toOperationNode())).toBe(true);
    expect(writesAuthTable(db.deleteFrom('roles').where('id', '=', 1).toOperationNode())).toBe(true);
    expect(writesAuthTable(db.deleteFrom('sessions').where('id', '=', 'x').toOperationNode())).toBe(true);
    expect(writesAuthTable(sql`update users set active = false`.toOperationNode())).toBe(true);
    expect(writesAuthTable(sql`delete from "sessions" where id = ${'x'}`.toOperationNode())).toBe(true);
  });

  it('ignores reads, other tables, new sessions and touches', () => {
    expect(writesAuthTable(db.selectFrom('users').selectAll().toOperationNode())).toBe(false);
    expect(writesAuthTable(db.updateTable('crops').set({ id: 2 }).toOperationNode())).toBe(false);
    expect(writesAuthTable(db.insertInto('sessions').values({ id: 'x' }).toOperationNode())).toBe(false);
    expect(writesAuthTable(db.updateTable('sessions').set({ id: 'y' }).toOperationNode())).toBe(false);
    expect(writesAuthTable(sql`select * from users`.toOperationNode())).toBe(false);
  });
});

describe('SessionCache', () => {
  it('answers a session until it is stale, idle or past its expiry', () => {
    const c = new SessionCache(5_000, 60_000);
    c.set(session('a'), times(1_000), c.begin(), 1_000);
    expect(c.get('a', 5_999)).toEqual(session('a'));
    expect(c.get('a', 6_000)).toBeNull();
    c.set(session('b'), { lastSeen: 1_000, expiresAt: 2_000 }, c.begin(), 1_000);
    expect(c.get('b', 2_000)).toBeNull();
  });

  it('keeps a session under the key it is given (the token as sent), with the same expiry, until a clear', () => {
    const c = new SessionCache(5_000, 60_000);
    c.set(session('hash-of-t'), { lastSeen: 1_000, expiresAt: 3_000 }, c.begin(), 1_000, 'token t');
    expect(c.get('token t', 2_999)).toEqual(session('hash-of-t'));
    expect(c.get('hash-of-t', 2_999)).toBeNull();
    expect(c.get('token t', 3_000)).toBeNull();
    c.set(session('hash-of-t'), times(1_000), c.begin(), 1_000, 'token t');
    c.clear();
    expect(c.get('token t', 1_000)).toBeNull();
  });

  it('keeps nothing when its time to live is 0', () => {
    const c = new SessionCache(0, 60_000);
    c.set(session('a'), times(1_000), c.begin(), 1_000);
    expect(c.get('a', 1_000)).toBeNull();
  });

  it('forgets everything on clear, and does not keep a session read across a clear', () => {
    const c = new SessionCache(5_000, 60_000);
    const now = Date.now();
    c.set(session('a'), times(now), c.begin(), now);
    const epoch = c.begin();
    c.clear();
    expect(c.get('a', now)).toBeNull();
    c.set(session('b'), times(now), epoch, now);
    expect(c.get('b', now)).toBeNull();
  });
});
