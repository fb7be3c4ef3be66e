import { describe, expect, it } from 'vitest';
import { pgConnection } from './ops-common';

describe('pgConnection', () => {
  it('keeps the password off the command line and hands it over in PGPASSWORD', () => {
    const c = pgConnection('postgres://lab:s%40cret%2Fpw@db.lab.local:5433/sapwood?sslmode=require');
    expect(c.dbname).toBe('postgres://lab@db.lab.local:5433/sapwood?sslmode=require');
    expect(c.dbname).not.toContain('cret');
    expect(c.env.PGPASSWORD).toBe('s@cret/pw');
  });

  it('leaves PGPASSWORD alone when the URL has no password (trust or ~/.pgpass)', () => {
    const c = pgConnection('postgres://127.0.0.1:5432/sapwood');
    expect(c.dbname).toBe('postgres://127.0.0.1:5432/sapwood');
    expect(c.env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});
