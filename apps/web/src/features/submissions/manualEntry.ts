import {
  MANUAL_ENTRY_MESSAGES as M, type ManualKind, type ManualResultInput, type ManualResultRow, type ValueBounds, heldValueCodes, manualColumnsOf, parseResultNumber,
  resultRowHasEntry, resultRowHoldsValues, resultRowNaWithValues, resultValueProblems, unusualItem,
} from '@sapwood/contracts';

/** A cell of the manual entry grid: the lab number, or a value by its code. */
export type ManualField = 'labNumber' | string;

/** What a row holds, as saved or as it would be saved. */
export interface RowEntry {
  labNumber: string;
  na: boolean;
  values: Record<string, number | null>;
}

export type RowState = 'idle' | 'unsaved' | 'saving' | 'saved' | 'failed' | 'conflict';

/**
 * What a row draws: replaced only when its look changes (not per keystroke), so a row re-renders when it
 * becomes unsaved, a cell turns bad or good, or a save starts or ends.
 */
export interface RowView {
  /** bumped when its texts are set from outside (paste, CSV, reload): the cells take them anew */
  rev: number;
  /** the texts the cells start from (as of `rev`) */
  texts: Record<ManualField, string>;
  na: boolean;
  state: RowState;
  /** the row's own message (a refused save, a conflict) */
  message?: string;
  /** messages by cell: text that is not a number, a value that cannot be (issue 31's bounds), or the server's words */
  cellErrors: Record<ManualField, string>;
  /** cells holding a value outside its usual range not yet confirmed: asked once before the row saves */
  cellWarnings: Record<ManualField, string>;
}

/** A value outside its usual range that the row would save, not yet confirmed. */
export interface UnusualCell {
  index: number;
  code: string;
  value: number;
  bounds: ValueBounds;
  /** as the question lists it: 'L1001 K 8 % (usual 0.3–6 %)' */
  item: string;
}

interface Row {
  sampleId: number;
  sampleNumber: string;
  texts: Record<ManualField, string>;
  na: boolean;
  saved: RowEntry;
  /** values outside their usual range the typist confirmed: code → the value confirmed */
  confirmed: Record<string, number>;
  rowVersion: number;
  /** the state of its last save (idle: none) */
  saveState: 'idle' | 'saving' | 'saved' | 'failed' | 'conflict';
  message?: string;
  serverErrors: Record<ManualField, string>;
  view: RowView;
}

export const NOT_A_NUMBER = 'Not a number';
export const CONFLICT_MESSAGE = 'The results of this sample were changed by someone else meanwhile. Reload the row to see theirs (what you typed in it is lost).';

const shown = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function textsOf(r: Pick<ManualResultRow, 'labNumber' | 'values'>, codes: readonly string[]): Record<ManualField, string> {
  return Object.fromEntries([['labNumber', r.labNumber], ...codes.map((c) => [c, shown(r.values[c])])]);
}

const sameEntry = (a: RowEntry, b: RowEntry, codes: readonly string[]) =>
  a.labNumber.trim() === b.labNumber.trim() && a.na === b.na && codes.every((c) => (a.values[c] ?? null) === (b.values[c] ?? null));

/** A cell's value against its bounds: not a number, impossible, unusual (unconfirmed) or fine. */
type CellCheck = { bad: string } | { unusual: string; value: number; bounds: ValueBounds } | null;

/**
 * The manual entry sheet outside React: the rows' texts as typed (the cells are uncontrolled inputs), what
 * the server holds for each row and its version, and each row's save state. A row's subscribers hear only of
 * that row; the sheet's subscribers hear when the counts of unsaved, failed and bad rows change.
 *
 * A cell's value is checked with the contract's bounds (issue 31): one that cannot be (negative, over 100 %,
 * …) is refused at the cell like text that is not a number, and the row does not save; one outside its usual
 * range is marked and saves once confirmed (or when it is the value already saved). A row is never both N/A
 * and holding values: it does not save so, and says why.
 */
export class ManualEntryStore {
  private rows: Row[] = [];
  private readonly rowListeners = new Map<number, Set<() => void>>();
  private readonly listeners = new Set<() => void>();
  private summaryNow = { unsaved: 0, failed: 0, saving: 0 };
  private readonly labels: Map<string, string>;

  constructor(readonly kind: ManualKind, readonly codes: readonly string[]) {
    this.labels = new Map(manualColumnsOf(kind).map((c) => [c.code, c.label]));
  }

  get length() {
    return this.rows.length;
  }

  load(rows: readonly ManualResultRow[]) {
    this.rows = rows.map((r) => this.fresh(r, 0));
    this.emitAll();
  }

  private fresh(r: ManualResultRow, rev: number): Row {
    const texts = textsOf(r, this.codes);
    const saved: RowEntry = { labNumber: r.labNumber, na: r.na, values: Object.fromEntries(this.codes.map((c) => [c, r.values[c] ?? null])) };
    const row: Row = {
      sampleId: r.sampleId, sampleNumber: r.sampleNumber, texts, na: r.na, saved, confirmed: {}, rowVersion: r.rowVersion, saveState: 'idle', serverErrors: {},
      view: { rev, texts, na: r.na, state: 'idle', cellErrors: {}, cellWarnings: {} },
    };
    row.view = this.viewOf(row, rev);
    return row;
  }

  sampleNumber = (i: number) => this.rows[i]?.sampleNumber ?? '';
  sampleNumbers = () => this.rows.map((r) => ({ sampleNumber: r.sampleNumber }));
  view = (i: number): RowView => this.rows[i].view;
  text = (i: number, field: ManualField) => this.rows[i]?.texts[field] ?? '';

  /**
   * the row's cells against the contract's rules (values/result-row.ts, result-bounds.ts): text that is not a
   * number, and values impossible or unusual; a value confirmed or the one the sample holds is not asked again
   */
  private checks(r: Row): Record<string, CellCheck> {
    const out: Record<string, CellCheck> = {};
    const values: Record<string, number | null> = {};
    for (const c of this.codes) {
      const n = parseResultNumber(r.texts[c] ?? '');
      if (n === undefined) out[c] = { bad: NOT_A_NUMBER };
      else values[c] = n;
    }
    const confirmed = this.codes.filter((c) => values[c] !== null && values[c] !== undefined && r.confirmed[c] === values[c]);
    for (const p of resultValueProblems(this.kind, values, [...confirmed, ...heldValueCodes(values, r.saved.values)])) {
      out[p.at] = p.level === 'impossible' ? { bad: p.message } : { unusual: p.message, value: p.value, bounds: p.bounds };
    }
    return out;
  }

  private valueTexts = (r: Row) => Object.fromEntries(this.codes.map((c) => [c, r.texts[c]]));
  private holdsValues = (r: Row) => resultRowHoldsValues(this.valueTexts(r));
  private naWithValues = (r: Row) => resultRowNaWithValues({ na: r.na, values: this.valueTexts(r) });

  /** the row as it would be saved, or null while a cell holds text that is not a number or a value that cannot be, or it is N/A with values */
  entry(i: number): RowEntry | null {
    const r = this.rows[i];
    if (this.naWithValues(r)) return null;
    const checks = this.checks(r);
    if (Object.values(checks).some((c) => c && 'bad' in c)) return null;
    const values = Object.fromEntries(this.codes.map((c) => [c, parseResultNumber(r.texts[c] ?? '') ?? null]));
    return { labNumber: r.texts.labNumber.trim(), na: r.na, values };
  }

  /** the row differs from what the server holds (or holds text that is not a number) */
  isUnsaved(i: number) {
    const e = this.entry(i);
    return e === null || !sameEntry(e, this.rows[i].saved, this.codes);
  }

  hasEntry(i: number) {
    const e = this.entry(i);
    return e !== null && resultRowHasEntry(e);
  }

  /** the row's save input (null: not savable as it stands) */
  input(i: number): ManualResultInput | null {
    const e = this.entry(i);
    if (!e) return null;
    const r = this.rows[i];
    const confirmed = this.codes.filter((c) => e.values[c] !== null && r.confirmed[c] === e.values[c]);
    return { sampleId: r.sampleId, labNumber: e.labNumber, na: e.na, values: e.values, confirmed, rowVersion: r.rowVersion };
  }

  /** the first cell holding text that is not a number or a value that cannot be, with its message */
  firstBad(): { index: number; field: ManualField; message: string } | null {
    for (let i = 0; i < this.rows.length; i += 1) {
      const checks = this.checks(this.rows[i]);
      for (const code of this.codes) {
        const check = checks[code];
        if (check && 'bad' in check) return { index: i, field: code, message: check.bad };
      }
    }
    return null;
  }

  /** the row holds value texts (a row ticked N/A clears them first) */
  hasValues = (i: number) => this.holdsValues(this.rows[i]);
  valueCount = (i: number) => this.codes.filter((c) => (this.rows[i].texts[c] ?? '').trim() !== '').length;

  /** the values of these rows outside their usual range, not yet confirmed (rows that cannot save left out) */
  unusual(indices: readonly number[]): UnusualCell[] {
    return indices.flatMap((index) => {
      const r = this.rows[index];
      if (!this.entry(index) || r.na) return [];
      const checks = this.checks(r);
      return this.codes.flatMap((code) => {
        const check = checks[code];
        if (!check || !('unusual' in check)) return [];
        return [{ index, code, value: check.value, bounds: check.bounds, item: unusualItem(`${r.sampleNumber} ${this.labels.get(code) ?? code}`, check.value, check.bounds) }];
      });
    });
  }

  /** the typist confirmed these values (as they stand) */
  confirm(cells: readonly UnusualCell[]) {
    for (const c of cells) this.rows[c.index].confirmed = { ...this.rows[c.index].confirmed, [c.code]: c.value };
    for (const i of new Set(cells.map((c) => c.index))) this.update(i, false);
  }

  indexOf = (sampleId: number) => this.rows.findIndex((r) => r.sampleId === sampleId);

  // ---- changes ----

  /** typed into a cell */
  setText(i: number, field: ManualField, text: string) {
    const r = this.rows[i];
    r.texts = { ...r.texts, [field]: text };
    if (r.serverErrors[field]) r.serverErrors = { ...r.serverErrors, [field]: '' };
    this.update(i, false);
  }

  setNa(i: number, na: boolean) {
    this.rows[i].na = na;
    this.update(i, false);
  }

  /** values set from outside (paste, CSV): the cells show them anew */
  apply(i: number, patch: { labNumber?: string; na?: boolean; values?: Record<string, number | null> }) {
    const r = this.rows[i];
    const texts = { ...r.texts };
    if (patch.labNumber !== undefined) texts.labNumber = patch.labNumber;
    for (const [c, v] of Object.entries(patch.values ?? {})) if (this.codes.includes(c)) texts[c] = shown(v);
    r.texts = texts;
    if (patch.na !== undefined) r.na = patch.na;
    r.serverErrors = {};
    this.update(i, true);
  }

  /** the row as the server now holds it (after a conflict) */
  reload(i: number, fresh: ManualResultRow) {
    this.rows[i] = this.fresh(fresh, this.rows[i].view.rev + 1);
    this.update(i, true);
  }

  saving(i: number) {
    const r = this.rows[i];
    r.saveState = 'saving';
    r.message = undefined;
    this.update(i, false);
  }

  /** saved as `sent`, now at `rowVersion` (typing during the save leaves the row unsaved) */
  saved(i: number, sent: ManualResultInput, rowVersion: number) {
    const r = this.rows[i];
    r.saved = { labNumber: sent.labNumber ?? '', na: !!sent.na, values: { ...(sent.values as Record<string, number | null>) } };
    r.rowVersion = rowVersion;
    r.saveState = 'saved';
    r.message = undefined;
    r.serverErrors = {};
    this.update(i, false);
  }

  failed(i: number, message: string | undefined, cellErrors: Record<ManualField, string> = {}, conflict = false) {
    const r = this.rows[i];
    r.saveState = conflict ? 'conflict' : 'failed';
    r.message = message;
    r.serverErrors = { ...cellErrors };
    this.update(i, false);
  }

  /** back to no save state (a save that never started) */
  settle(i: number) {
    const r = this.rows[i];
    if (r.saveState === 'saving') r.saveState = 'idle';
    this.update(i, false);
  }

  // ---- views and subscriptions ----

  private viewOf(r: Row, rev: number): RowView {
    const cellErrors: Record<ManualField, string> = {};
    const cellWarnings: Record<ManualField, string> = {};
    for (const [f, m] of Object.entries(r.serverErrors)) if (m) cellErrors[f] = m;
    const checks = this.checks(r);
    for (const c of this.codes) {
      const check = checks[c];
      if (check && 'bad' in check) cellErrors[c] = check.bad;
      else if (check && !r.na) cellWarnings[c] = check.unusual;
    }
    const i = this.rows.indexOf(r);
    const unsaved = i >= 0 ? this.isUnsaved(i) : false;
    const state: RowState = r.saveState === 'saving' || r.saveState === 'failed' || r.saveState === 'conflict' ? r.saveState
      : unsaved ? 'unsaved' : r.saveState === 'saved' ? 'saved' : 'idle';
    // a row both N/A and holding values does not save: it says so (a refused save's own words first)
    const message = r.message ?? (this.naWithValues(r) ? M.naWithValues : undefined);
    return { rev, texts: rev === r.view.rev ? r.view.texts : r.texts, na: r.na, state, message, cellErrors, cellWarnings };
  }

  private update(i: number, fromOutside: boolean) {
    const r = this.rows[i];
    const before = r.view;
    const next = this.viewOf(r, fromOutside ? before.rev + 1 : before.rev);
    if (fromOutside) next.texts = r.texts;
    if (!fromOutside && sameView(before, next)) return;
    r.view = next;
    this.rowListeners.get(i)?.forEach((l) => l());
    this.emitSummary();
  }

  private emitAll() {
    this.rowListeners.forEach((set) => set.forEach((l) => l()));
    this.emitSummary();
  }

  private emitSummary() {
    const s = { unsaved: 0, failed: 0, saving: 0 };
    for (const r of this.rows) {
      if (r.view.state === 'unsaved') s.unsaved += 1;
      else if (r.view.state === 'failed' || r.view.state === 'conflict') s.failed += 1;
      else if (r.view.state === 'saving') s.saving += 1;
    }
    const n = this.summaryNow;
    if (s.unsaved === n.unsaved && s.failed === n.failed && s.saving === n.saving) return;
    this.summaryNow = s;
    this.listeners.forEach((l) => l());
  }

  summary = () => this.summaryNow;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  subscribeRow(i: number, listener: () => void) {
    let set = this.rowListeners.get(i);
    if (!set) this.rowListeners.set(i, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  /** the rows that hold work the server does not have (unsaved or refused) */
  pendingRows(): number[] {
    return this.rows.flatMap((r, i) => (r.view.state === 'unsaved' || r.view.state === 'failed' || r.view.state === 'conflict' ? [i] : []));
  }

  /** rows to write to the CSV: the values as they stand (text that is not a number left out) */
  csvRows() {
    return this.rows.map((r) => ({
      sampleNumber: r.sampleNumber, labNumber: r.texts.labNumber, na: r.na,
      values: Object.fromEntries(this.codes.map((c) => [c, parseResultNumber(r.texts[c] ?? '') ?? null])),
    }));
  }
}

const sameMessages = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

function sameView(a: RowView, b: RowView) {
  if (a.rev !== b.rev || a.na !== b.na || a.state !== b.state || a.message !== b.message) return false;
  return sameMessages(a.cellErrors, b.cellErrors) && sameMessages(a.cellWarnings, b.cellWarnings);
}
