import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './LoginPage';

describe('safeReturnUrl', () => {
  it('goes to / without a ReturnUrl', () => {
    expect(safeReturnUrl(null)).toBe('/');
    expect(safeReturnUrl('')).toBe('/');
  });
  it('keeps a path of this site, with its query', () => {
    expect(safeReturnUrl('/settings')).toBe('/settings');
    expect(safeReturnUrl('/labjobs?page=2&search=S1')).toBe('/labjobs?page=2&search=S1');
    expect(safeReturnUrl('/no/such/screen')).toBe('/no/such/screen');
  });
  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'settings'])('refuses %j', (raw) => {
    expect(safeReturnUrl(raw)).toBe('/');
  });
});
