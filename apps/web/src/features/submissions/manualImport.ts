import {
  MANUAL_ENTRY_MESSAGES as M, type ManualColumn, type ManualKind, type ParsedManualCsv, matchManualRows, parseManualPaste, parseResultNumber,
  pastedWithHeader,
} from '@sapwood/contracts';
import type { ManualEntryStore, ManualField } from './manualEntry';

/** What a paste or a CSV puts in a row. */
export interface RowPatch {
  labNumber?: string;
  na?: boolean;
  values?: Record<string, number | null>;
}

export interface ImportChange {
  index: number;
  field: ManualField | 'na';
  from: string;
  to: string;
}

/** What a paste or a CSV would do: the rows' patches, the cells it changes, and what it could not take. */
export interface ImportPlan {
  patches: Map<number, RowPatch>;
  changes: ImportChange[];
  /** rows that match no sample (CSV, a paste with its header) or run past the last row */
  notUploaded: number;
  /** cells that are not numbers (or not yes/no), in the file's or the paste's words */
  problems: string[];
  /** rows marked N/A that the paste or CSV gives values: they are N/A no longer */
  naCleared: number;
}

const shown = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function changesOf(store: ManualEntryStore, index: number, patch: RowPatch): ImportChange[] {
  const out: ImportChange[] = [];
  if (patch.labNumber !== undefined && patch.labNumber.trim() !== store.text(index, 'labNumber').trim()) {
    out.push({ index, field: 'labNumber', from: store.text(index, 'labNumber'), to: patch.labNumber });
  }
  for (const [code, to] of Object.entries(patch.values ?? {})) {
    const from = store.text(index, code);
    if (parseResultNumber(from) !== to) out.push({ index, field: code, from, to: shown(to) });
  }
  if (patch.na !== undefined && patch.na !== store.view(index).na) out.push({ index, field: 'na', from: store.view(index).na ? 'yes' : 'no', to: patch.na ? 'yes' : 'no' });
  return out;
}

const bringsValues = (patch: RowPatch) => Object.values(patch.values ?? {}).some((v) => v !== null && v !== undefined);

/**
 * A row is never both N/A and holding values (issue 31): values brought into a row marked N/A clear its N/A (the
 * preview says so); a row the CSV marks N/A loses its values; a CSV row both N/A and holding values is not taken.
 * Answers how many rows' N/A is cleared.
 */
function settleNa(store: ManualEntryStore, patches: Map<number, RowPatch>, problems: string[]): number {
  let cleared = 0;
  for (const [index, patch] of [...patches]) {
    if (patch.na === true && bringsValues(patch)) {
      patches.delete(index);
      problems.push(`${store.sampleNumber(index)}: ${M.naWithValues}: not uploaded`);
    } else if (patch.na === true) {
      patch.values = Object.fromEntries(store.codes.filter((c) => store.text(index, c).trim() !== '').map((c) => [c, null]));
    } else if (patch.na === undefined && store.view(index).na && bringsValues(patch)) {
      patch.na = false;
      cleared += 1;
    }
  }
  return cleared;
}

function planOf(store: ManualEntryStore, patches: Map<number, RowPatch>, notUploaded: number, problems: string[]): ImportPlan {
  const naCleared = settleNa(store, patches, problems);
  const changes = [...patches].flatMap(([index, patch]) => changesOf(store, index, patch));
  return { patches, changes, notUploaded, problems, naCleared };
}

/** A CSV (or a paste with its header row): rows matched by sample number. */
export function csvPlan(store: ManualEntryStore, parsed: ParsedManualCsv): ImportPlan {
  const { matches, unmatched } = matchManualRows(store.sampleNumbers(), parsed.rows);
  const patches = new Map<number, RowPatch>();
  for (const { index, row } of matches) {
    const p = patches.get(index) ?? {};
    patches.set(index, {
      ...p,
      ...(row.labNumber !== undefined ? { labNumber: row.labNumber } : {}),
      ...(row.na !== undefined ? { na: row.na } : {}),
      values: { ...p.values, ...row.values },
    });
  }
  const problems = parsed.problems.map((x) => `Line ${x.line}, ${x.column}: ${x.message}`);
  return planOf(store, patches, unmatched, problems);
}

/**
 * Text pasted into the cell `field` of row `index`: with a header row it is a CSV; else its lines fill the
 * rows downwards and its cells the columns rightwards in the paste order (lab number, then the values).
 */
export function pastePlan(store: ManualEntryStore, kind: ManualKind, columns: readonly ManualColumn[], index: number, field: ManualField, text: string): ImportPlan {
  const withHeader = pastedWithHeader(kind, text);
  if (withHeader && !withHeader.error) return csvPlan(store, withHeader);
  const start = field === 'labNumber' ? 0 : 1 + columns.findIndex((c) => c.code === field);
  const parsed = parseManualPaste(kind, text, start);
  const patches = new Map<number, RowPatch>();
  const problems: string[] = [];
  const header = (f: string) => (f === 'labNumber' ? 'Lab Number' : columns.find((c) => c.code === f)?.header ?? f);
  let past = 0;
  for (const cell of parsed.cells) {
    const at = index + cell.row;
    if (at >= store.length) {
      past = Math.max(past, cell.row - (store.length - 1 - index));
      continue;
    }
    if (cell.value === undefined) {
      problems.push(`Line ${cell.row + 1}, ${header(cell.field)}: '${cell.text}' is not a number`);
      continue;
    }
    const p = patches.get(at) ?? {};
    if (cell.field === 'labNumber') p.labNumber = String(cell.value);
    else p.values = { ...p.values, [cell.field]: cell.value as number | null };
    patches.set(at, p);
  }
  if (parsed.leftOver > 0) problems.push(`${parsed.leftOver} cells past the last column were left out`);
  return planOf(store, patches, past, problems);
}

/** A plan's note under its preview or after an upload: rows whose N/A is cleared, rows not taken, cells refused. */
export function planNote(plan: ImportPlan): string {
  return [plan.naCleared > 0 ? M.naCleared(plan.naCleared) : '', plan.notUploaded > 0 ? M.notUploaded(plan.notUploaded) : '', ...plan.problems].filter(Boolean).join(' · ');
}
