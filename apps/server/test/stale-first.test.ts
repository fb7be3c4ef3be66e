import { beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '@sapwood/contracts';
import { seedCarbohydrateReference } from '../../../tests/support/carbohydrate-fixtures';
import { ADMIN } from '../../../tests/support/server';
import { signedIn } from '../../../tests/support/users';
import { ADMIN_CASES } from './stale-first.admin-cases';
import { CROP_CASES } from './stale-first.crop-cases';
import { LAB_CASES } from './stale-first.lab-cases';
import { SUBMISSION_CASES } from './stale-first.submission-cases';
import { type AnyStaleCase, type Ctx, makeCtx } from './stale-first.support';
import { withWorld } from './submission-results.fixtures';

/**
 * "Concurrent edits never silently overwrite each other: every update carries the version it read" (ADR 0110), and
 * a stale one is the conflict first: a save from a version someone else moved on answers 409 even when its values
 * would also break a rule the service judges (a name taken, an unusual value, a bad reference, a business rule),
 * since those would be judged against a record the user never saw. Found through one endpoint (a stale result
 * asked to confirm an unusual value against the other user's row), so every endpoint declaring
 * `writes: { version }` is walked: each must have an entry in the table below (a new one joins it), and for each,
 * the stale save answers 409, while the same values from the current version answer the rule's refusal (or, where
 * the service has no rule beyond the schema, are saved: the stale save was refused for its version alone).
 */
const CASES: Record<string, AnyStaleCase> = { ...ADMIN_CASES, ...LAB_CASES, ...CROP_CASES, ...SUBMISSION_CASES };
const TABLE = 'apps/server/test/stale-first.*-cases.ts';

const versioned: string[] = allEndpoints.filter((e) => typeof e.writes === 'object' && 'version' in e.writes).map((e) => e.path);

const world = withWorld();
let c: Ctx;

beforeAll(async () => {
  const db = world.w.server.built.deps.db;
  const [ref, other] = [await seedCarbohydrateReference(db, ' Stale'), await seedCarbohydrateReference(db, ' Other')];
  c = makeCtx(world.w, await signedIn(world.w.server.url, ADMIN), ref, other);
}, 60_000);

describe('a stale save is a conflict before its values are judged', () => {
  it('every endpoint declaring writes: { version } has an entry in the table, and every entry is such an endpoint', () => {
    expect(versioned.length).toBeGreaterThan(30);
    expect(versioned.filter((p) => !(p in CASES)), `add an entry for each to ${TABLE}`).toEqual([]);
    expect(Object.keys(CASES).filter((p) => !versioned.includes(p)), 'entries of no versioned endpoint').toEqual([]);
  });

  it.each(versioned)('%s', async (path) => {
    const entry = CASES[path];
    expect(entry, `${path} declares writes: { version } but has no entry in ${TABLE}`).toBeDefined();
    const { s, read } = await entry.stored(c);
    const now = await entry.moveOn(c, s, read);
    expect(now, 'the other save moved the version on').not.toBe(read);

    const stale = await c.post(path, entry.save(s, read));
    expect(stale.status, `a stale save answers 409, not its values' refusal: ${JSON.stringify(stale.body)}`).toBe(409);

    const current = await c.post(path, entry.save(s, now));
    if (typeof entry.breaks === 'string') {
      // the values do break the rule: from the current version they are refused, and not as a conflict of versions
      expect(current.status, `from the current version, "${entry.breaks}" is refused: ${JSON.stringify(current.body)}`).not.toBe(200);
      expect(current.body).not.toEqual(stale.body);
    } else {
      expect(current.status, `from the current version the same save is taken (${entry.breaks.none}): ${JSON.stringify(current.body)}`).toBe(200);
    }
  }, 30_000);
});
