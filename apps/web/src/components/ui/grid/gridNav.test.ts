import { describe, expect, it } from 'vitest';
import { createCellRegistry } from './gridNav';

describe('the cell registry', () => {
  it("tells the grid's own cells from any other element (an opening focus leaves a user's cell alone)", () => {
    const cells = createCellRegistry<'a' | 'b'>();
    const cell = { disabled: false, focus: () => undefined, select: () => undefined } as unknown as HTMLInputElement;
    const other = { ...cell } as unknown as HTMLInputElement;
    cells.set(0, 'a', cell);
    expect(cells.holds(cell)).toBe(true);
    expect(cells.holds(other)).toBe(false);
    expect(cells.holds(null)).toBe(false);
    cells.set(0, 'a', null);
    expect(cells.holds(cell)).toBe(false);
  });
});
