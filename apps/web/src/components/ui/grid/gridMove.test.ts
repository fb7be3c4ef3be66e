import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { gridMoveOf } from './gridNav';

/** a key pressed in a text cell holding `value`, the caret at `caret` */
function key(k: string, o: { shift?: boolean; ctrl?: boolean; value?: string; caret?: number } = {}) {
  const value = o.value ?? 'abc';
  const caret = o.caret ?? value.length;
  return { key: k, shiftKey: !!o.shift, ctrlKey: !!o.ctrl, altKey: false, metaKey: false, nativeEvent: { isComposing: false }, currentTarget: { selectionStart: caret, selectionEnd: caret, value } } as unknown as KeyboardEvent<HTMLInputElement>;
}

describe('grid keys', () => {
  it('move as in a spreadsheet: Enter down, Shift+Enter up, Tab across, arrows at the edge of the text', () => {
    expect(gridMoveOf(key('Enter'))).toBe('enter');
    expect(gridMoveOf(key('Enter', { shift: true }))).toBe('up');
    expect(gridMoveOf(key('Tab'))).toBe('next');
    expect(gridMoveOf(key('Tab', { shift: true }))).toBe('prev');
    expect(gridMoveOf(key('ArrowUp'))).toBe('up');
    expect(gridMoveOf(key('ArrowDown'))).toBe('down');
    expect(gridMoveOf(key('ArrowRight'))).toBe('right');
    expect(gridMoveOf(key('ArrowRight', { caret: 1 }))).toBeNull();
    expect(gridMoveOf(key('ArrowLeft', { caret: 0 }))).toBe('left');
    expect(gridMoveOf(key('Enter', { ctrl: true }))).toBeNull();
    expect(gridMoveOf(key('a'))).toBeNull();
  });
});
