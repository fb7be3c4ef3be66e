import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pager';

describe('pageWindow', () => {
  it('shows no numbers for no pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('shows 6 numbers around the current page', () => {
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(pageWindow(11, 20)).toEqual([9, 10, 11, 12, 13, 14]);
  });
  it('stays inside the first and last page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(19, 20)).toEqual([15, 16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([15, 16, 17, 18, 19, 20]);
  });
  it('always contains the current page', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let page = 1; page <= pages; page++) {
        const w = pageWindow(page, pages);
        expect(w).toContain(page);
        expect(w.length).toBe(Math.min(6, pages));
      }
    }
  });
  it('honours another window size', () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
  });
});
