import { describe, expect, it } from 'vitest';
import {
  LOGIN_MESSAGES, LOGIN_RESULTS, PAGE_SIZES, PERMISSIONS, PERMISSION_GROUPS, PagedRequest, allEndpoints,
  authEndpoints, hasPermission, settingsEndpoints,
} from './index';

describe('permissions', () => {
  it('Admin grants everything; otherwise only what is held', () => {
    for (const p of PERMISSIONS) expect(hasPermission(['Admin'], p)).toBe(true);
    expect(hasPermission(['Users'], 'Users')).toBe(true);
    expect(hasPermission(['Users'], 'Roles')).toBe(false);
    expect(hasPermission([], 'Settings')).toBe(false);
  });

  it('groups every permission exactly once for the role dialog', () => {
    const grouped = PERMISSION_GROUPS.flatMap((g) => g.permissions);
    expect([...grouped].sort()).toEqual([...PERMISSIONS].sort());
  });
});

describe('sign-in contract', () => {
  it('has a catalogue message for every result but Success', () => {
    expect(Object.keys(LOGIN_MESSAGES).sort()).toEqual(LOGIN_RESULTS.filter((r) => r !== 'Success').sort());
    expect(LOGIN_MESSAGES.DoesNotExists).toBe('Account does not exists');
    expect(LOGIN_MESSAGES.CreatePassword).toBe('No password exists for this account, please create a password.');
  });

  it('answers the login result as a plain string', () => {
    expect(authEndpoints.login.output.parse('Locked')).toBe('Locked');
    expect(authEndpoints.login.output.safeParse('Nope').success).toBe(false);
  });

  it('refuses an empty reset password with the spec message', () => {
    const r = authEndpoints.reset.input.safeParse({ token: 't', password: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Password is required');
  });

  it('trims the sign-in email', () => {
    expect(authEndpoints.login.input.parse({ email: '  a@b.c ', password: 'x' }).email).toBe('a@b.c');
  });
});

describe('settings contract', () => {
  it('takes finite, non-negative numbers only', () => {
    const input = settingsEndpoints.update.input;
    expect(input.parse({ sugarLimit: 0, starchLimit: 2.5, rowVersion: 1 })).toEqual({ sugarLimit: 0, starchLimit: 2.5, rowVersion: 1 });
    for (const bad of [-1, '1', null, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(input.safeParse({ sugarLimit: bad, starchLimit: 0, rowVersion: 1 }).success, String(bad)).toBe(false);
    }
    // the version read is required (ADR 0110)
    expect(input.safeParse({ sugarLimit: 0, starchLimit: 0 }).success).toBe(false);
  });
});

describe('paging contract', () => {
  it('fills defaults and reads query-string values', () => {
    expect(PagedRequest.parse({})).toEqual({ page: 1, rowsPerPage: 20, search: '', sortBy: '', ascending: true, all: false });
    expect(PagedRequest.parse({ page: '3', rowsPerPage: '50', ascending: 'false', all: 'true', search: '  S1 ' })).toMatchObject({
      page: 3, rowsPerPage: 50, ascending: false, all: true, search: 'S1',
    });
  });

  it('refuses a page below 1 and a page size above the largest option', () => {
    expect(PagedRequest.safeParse({ page: 0 }).success).toBe(false);
    expect(PagedRequest.safeParse({ rowsPerPage: 5000 }).success).toBe(false);
    expect(Math.max(...PAGE_SIZES)).toBe(1000);
    expect(PAGE_SIZES).toEqual([5, 10, 20, 30, 50, 100, 200, 500, 1000]);
  });
});

/**
 * Every list pages, searches and sorts the same way (issue 31, finding 8): each POST call named `paged…`, and
 * the spec's list calls named otherwise (§7: the leaf and farmers' entry lists and the farmers' Prepare list,
 * `pendingsubmissions`), takes the paging request and answers a page of rows with its total.
 */
const SPEC_LISTS = [
  '/api/leaf/notcompleted', '/api/leaf/completed', '/api/leaf/archived', '/api/leaf/getleafresults',
  '/api/farmerssample/notcompleted', '/api/farmerssample/completed', '/api/farmerssample/archived', '/api/farmerssample/getfarmersampleresults',
  '/api/farmerssample/pendingsubmissions',
];

describe('list calls', () => {
  const lists = allEndpoints.filter((ep) => ep.method === 'POST' && (/\/paged[a-z]*$/.test(ep.path) || SPEC_LISTS.includes(ep.path)));

  it('finds the spec\'s list calls, the Prepare tab\'s among them', () => {
    expect(lists.map((ep) => ep.path)).toEqual(expect.arrayContaining([...SPEC_LISTS, '/api/submission/paged', '/api/submission/pagedwaiting']));
  });

  it.each(lists.map((ep) => [ep.path, ep] as const))('%s takes the paging request and answers a page', (_path, ep) => {
    const paging = { page: 2, rowsPerPage: 5, search: 'a', sortBy: 'clientName', ascending: false, all: false };
    const input = ep.input.safeParse(paging);
    expect(input.success, JSON.stringify(input.error?.issues)).toBe(true);
    expect(input.data).toMatchObject(paging);
    const page = { rows: [], total: 0 };
    const answers = ep.output.safeParse(page).success || ep.output.safeParse({ ...page, estimated: false, firstKey: null, lastKey: null }).success;
    expect(answers).toBe(true);
    expect(ep.output.safeParse([]).success).toBe(false);
  });
});

describe('registry', () => {
  // the tabs' permissions are shared by the leaf and the farmers' submission screens (ADR 0250): a call gated by one
  // of them and no screen would let a user of either screen work the other's submissions
  it("every call gated by a submission tab's permission also needs its screen's", () => {
    const tabs = new Set<string>(['SubmissionsPrepare', 'SubmissionsWaitingForLab', 'SubmissionsResults', 'SubmissionsCompleted', 'SubmissionsDelete']);
    const unscreened = allEndpoints.filter((ep) => 'permission' in ep.access && tabs.has(ep.access.permission) && !['Submissions', 'FarmersSampleSubmissions'].includes(ep.access.screen ?? ''));
    expect(unscreened.map((ep) => ep.path)).toEqual([]);
  });

  it('every endpoint is under /api and declares access', () => {
    for (const ep of allEndpoints) {
      expect(ep.path.startsWith('/api/')).toBe(true);
      // one kind of access: public, any session, or a permission (with its screen's permission, ADR 0250)
      expect([['public'], ['session'], ['permission'], ['permission', 'screen']]).toContainEqual(Object.keys(ep.access).sort());
    }
  });
});
