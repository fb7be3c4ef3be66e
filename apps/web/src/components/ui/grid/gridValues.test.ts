import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { createCellRegistry } from './gridNav';
import { createGridValues } from './gridValues';

type Row = { a: string; b: string };
const form = () => {
  const f = createFormControl<{ rows: Row[]; note: string }>({ defaultValues: { rows: [{ a: '1', b: '2' }, { a: '3', b: '4' }, { a: '5', b: '6' }], note: '' } });
  f.control._state.mount = true; // as useForm once its form is mounted
  return f;
};

/** which of the watched names were told of a change, after `act` */
function told(f: ReturnType<typeof form>, names: string[], act: () => void): string[] {
  const live = createGridValues(f as never);
  const out: string[] = [];
  const stops = names.map((n) => live.subscribe(n, () => out.push(n)));
  act();
  stops.forEach((s) => s());
  return out;
}

describe('grid values watched per cell (one subscription to the form)', () => {
  const watched = ['rows.1.a', 'rows.1.b', 'rows.1', 'rows.10.a', 'rows.2.a', 'note'];
  it('a cell changed tells that cell and its row only (not rows.10, whose name starts alike)', () => {
    const f = form();
    expect(told(f, watched, () => f.setValue('rows.1.a', 'x'))).toEqual(['rows.1.a', 'rows.1']);
    expect(f.getValues('rows.1.a')).toBe('x');
  });
  it('a key typed into a cell tells that cell and its row, without react-hook-form copying the whole form for it', async () => {
    const f = form();
    const events: object[] = [];
    const sub = f.control._subjects.state.subscribe({ next: (e) => void events.push(e) });
    const reg = f.register('rows.1.b');
    const out = told(f, watched, () => void reg.onChange({ target: { name: 'rows.1.b', value: 'typed' }, type: 'change' }));
    await Promise.resolve();
    sub.unsubscribe();
    expect(out).toEqual(['rows.1.b', 'rows.1']);
    expect(f.getValues('rows.1.b')).toBe('typed');
    expect(events.some((e) => 'values' in e && (e as { values?: unknown }).values !== undefined)).toBe(false);
  });
  it('a watcher of the whole rows is told of a cell changed (what is drawn from every row)', () => {
    const f = form();
    expect(told(f, [...watched, 'rows'], () => f.setValue('rows.2.b', 'x')).sort()).toEqual(['rows']);
  });
  it('a row written whole tells every watcher of that row; a field outside the rows tells its watchers', () => {
    const f = form();
    expect(told(f, watched, () => f.setValue('rows.1', { a: 'y', b: 'z' })).sort()).toEqual(['rows.1', 'rows.1.a', 'rows.1.b']);
    expect(told(f, watched, () => f.setValue('note', 'n'))).toEqual(['note']);
  });
  it('a reset or the rows replaced tells every watcher', () => {
    const f = form();
    expect(told(f, watched, () => f.reset({ rows: [{ a: '0', b: '0' }], note: '' })).sort()).toEqual([...watched].sort());
    expect(told(f, watched, () => f.setValue('rows', [])).sort()).toEqual([...watched].sort());
  });
  it('reads the value at a name; with nobody watching, the form is not subscribed to', () => {
    const f = form();
    const live = createGridValues(f as never);
    expect(live.get('rows.2.b')).toBe('6');
    const stop = live.subscribe('rows.0.a', () => undefined);
    stop();
    stop();
  });
});

describe('a windowed grid\'s cells', () => {
  it('focusing a cell not rendered scrolls to its row, then focuses the cell once it is rendered', () => {
    const cells = createCellRegistry<'a'>();
    const asked: number[] = [];
    expect(cells.focus(40, 'a')).toBe(false);
    cells.reveal((row) => asked.push(row));
    expect(cells.focus(40, 'a')).toBe(true);
    expect(asked).toEqual([40]);
    const focused: string[] = [];
    const input = (name: string) => ({ disabled: false, focus: () => focused.push(name), select: () => undefined }) as unknown as HTMLInputElement;
    cells.set(39, 'a', input('39'));
    cells.set(40, 'a', input('40'));
    cells.set(40, 'a', input('40 again'));
    expect(focused).toEqual(['40']);
  });
  it('a grid of several windowed tables: a row out of view is revealed by the table holding it', () => {
    const cells = createCellRegistry<'a'>();
    const asked: string[] = [];
    const stopFirst = cells.reveal((row) => asked.push(`first ${row}`), (row) => row < 200);
    cells.reveal((row) => asked.push(`second ${row}`), (row) => row >= 200 && row < 400);
    expect(cells.focus(250, 'a')).toBe(true);
    expect(cells.focus(150, 'a')).toBe(true);
    expect(cells.focus(450, 'a')).toBe(false);
    stopFirst();
    expect(cells.focus(150, 'a')).toBe(false);
    expect(asked).toEqual(['second 250', 'first 150']);
  });
});
