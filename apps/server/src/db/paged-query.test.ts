import { describe, expect, it } from 'vitest';
import { PagedRequest } from '@sapwood/contracts';
import { MAX_ROWS, containsPattern, isForeignKeyViolation, isUniqueViolation, pageSlice, sortColumn } from './paged-query';

describe('paged query helpers', () => {
  it('takes LIKE wildcards in a search literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern('plain')).toBe('%plain%');
  });

  it('slices the requested page, or everything capped', () => {
    expect(pageSlice(PagedRequest.parse({ page: 3, rowsPerPage: 20 }))).toEqual({ limit: 20, offset: 40 });
    expect(pageSlice(PagedRequest.parse({ page: 3, rowsPerPage: 20, all: true }))).toEqual({ limit: MAX_ROWS, offset: 0 });
  });

  it('sorts only by whitelisted columns', () => {
    const cols = { email: 'users.email', role: 'roles.name' } as const;
    expect(sortColumn(cols, 'role', 'users.email')).toBe('roles.name');
    expect(sortColumn(cols, 'password_hash', 'users.email')).toBe('users.email');
    expect(sortColumn(cols, 'toString', 'users.email')).toBe('users.email');
  });

  it('recognises unique and foreign key violations', () => {
    expect(isUniqueViolation({ code: '23505', constraint: 'users_email_uq' }, 'users_email_uq')).toBe(true);
    expect(isUniqueViolation({ code: '23505', message: 'duplicate key value violates unique constraint "users_email_uq"' }, 'users_email_uq')).toBe(true);
    expect(isUniqueViolation({ code: '23505', constraint: 'roles_name_uq' }, 'users_email_uq')).toBe(false);
    expect(isUniqueViolation(new Error('x'))).toBe(false);
    expect(isForeignKeyViolation({ code: '23503' })).toBe(true);
    expect(isForeignKeyViolation(null)).toBe(false);
  });
});
