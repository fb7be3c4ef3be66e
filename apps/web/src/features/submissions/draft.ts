import {
  type CsvSampleRow, DEFAULT_FARMERS_TEST, DEFAULT_LEAF_TEST, FARMERS_SUBMISSION_LABS, FARMERS_TESTS, LEAF_SUBMISSION_LABS, LEAF_TESTS, type PrepareData, type SampleRow,
  SUBMISSION_LAB_LABELS, type SubmissionDraftInput, submittableTests, testLabel,
} from '@sapwood/contracts';
import type { SubmissionKind } from './kind';

/** A row as the dialog holds it: the sample row, a key of its own and whether it is selected. */
export type DraftRow = SampleRow & { key: string; selected: boolean };
export type DraftHeader = PrepareData['data'];

/** A row of the Prepare dialog's grid: the draft row and the group it is in. */
export type PrepareRow = DraftRow & { group: number };

/** The rows by group, in the groups' order (a group left with no row is gone). */
export function groupsOf(rows: readonly PrepareRow[]): DraftRow[][] {
  const numbers = [...new Set(rows.map((r) => r.group))].sort((a, b) => a - b);
  return numbers.map((g) => rows.filter((r) => r.group === g).map(({ group: _group, ...row }) => row));
}

/**
 * The grid's row indexes in the order the dialog draws them: by group, in the groups' order, each group's rows in
 * their order (rows pasted past a group's end are stored after the later groups' rows, and drawn at its end).
 */
export function shownOrder(rows: readonly Pick<PrepareRow, 'group'>[]): number[] {
  return rows.map((_, i) => i).sort((a, b) => rows[a].group - rows[b].group || a - b);
}

/** The groups as the grid's rows. */
export const rowsOf = (groups: readonly DraftRow[][]): PrepareRow[] => groups.flatMap((rows, group) => rows.map((r) => ({ ...r, group })));

let keys = 0;
export const rowKey = () => `r${++keys}`;

export const defaultTest = (kind: SubmissionKind) => (kind === 'leaf' ? DEFAULT_LEAF_TEST : DEFAULT_FARMERS_TEST);

export function blankRow(kind: SubmissionKind): DraftRow {
  return {
    key: rowKey(), selected: false, testDataId: 0, sampleNumber: '', blockNumber: '', cropId: 0, cultivars: [], growthStage: '', organTypeEnum: 'Normal',
    test: defaultTest(kind), optionalTests: [], notes: '', delete: false,
  };
}

const option = (key: string) => ({ value: key, label: testLabel(key) });

/**
 * The tests of a kind: every one (a CSV or pasted test name is matched against them, so that the rule names what is
 * wrong with it), and those the lists offer, a row's test and the optional ones: only the tests a row may be
 * submitted with (`submittableTests`, the rule the server keeps: neither Unknown nor the farmers' default).
 */
export function testsOf(kind: SubmissionKind) {
  const offered = submittableTests(kind).map(option);
  return { tests: (kind === 'leaf' ? LEAF_TESTS : FARMERS_TESTS).map(option), offered, optional: offered };
}

/** A row's test list: the tests offered, and the row's own test first when it is not one of them (shown, not chosen again). */
export function rowTestChoices(offered: NameChoices['offered'], test: string) {
  return test === '' || offered.some((t) => t.value === test) ? offered : [{ ...option(test), disabled: true }, ...offered];
}

export const labsOf = (kind: SubmissionKind) =>
  (kind === 'leaf' ? LEAF_SUBMISSION_LABS : FARMERS_SUBMISSION_LABS).map((lab) => ({ value: lab, label: SUBMISSION_LAB_LABELS[lab] }));

/** The draft the server takes: the header and the groups, without the dialog's own keys and selection. */
export function draftOf(header: DraftHeader, groups: DraftRow[][]): SubmissionDraftInput {
  return {
    ...header,
    lab: header.lab as SubmissionDraftInput['lab'],
    samples: groups.map((g) => g.map(({ key: _key, selected: _selected, ...row }) => row)),
  };
}

/** Moves the selected rows of every group into a new group at the end (groups left empty go). */
export function splitSelected(groups: DraftRow[][]): DraftRow[][] {
  const picked = groups.flat().filter((r) => r.selected);
  if (picked.length === 0) return groups;
  const rest = groups.map((g) => g.filter((r) => !r.selected)).filter((g) => g.length > 0);
  return [...rest, picked.map((r) => ({ ...r, selected: false }))];
}

/** The dialog's lists a CSV or pasted row is matched against (by name, case aside). */
export interface NameChoices {
  crops: { value: string; label: string; cultivars: { value: string; label: string }[] }[];
  tests: { value: string; label: string }[];
  /** what the test lists offer: the tests a row may be submitted with */
  offered: { value: string; label: string }[];
  optional: { value: string; label: string }[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const findIn = (items: { value: string; label: string }[], name: string) => items.find((x) => same(x.value, name) || same(x.label, name));

/**
 * A row as a CSV or paste fills it (spec §5): crop, cultivars and tests matched by name; an unknown crop is
 * left unchosen (the rule then says so), an unknown test is Unknown, unknown cultivars and optional tests are
 * left out. Empty cells keep what the row had.
 */
export function filledRow(kind: SubmissionKind, base: DraftRow, csv: CsvSampleRow, choices: NameChoices): DraftRow {
  const crop = kind === 'leaf' && csv.crop ? findIn(choices.crops, csv.crop) : undefined;
  const cropId = kind !== 'leaf' || !csv.crop ? base.cropId : crop ? Number(crop.value) : 0;
  const cultivarList = choices.crops.find((c) => c.value === String(cropId))?.cultivars ?? [];
  return {
    ...base,
    sampleNumber: csv.sampleNumber || base.sampleNumber,
    blockNumber: csv.blockNumber || base.blockNumber,
    cropId,
    cultivars: csv.cultivars.length ? csv.cultivars.flatMap((n) => { const c = findIn(cultivarList, n); return c ? [Number(c.value)] : []; }) : cropId === base.cropId ? base.cultivars : [],
    growthStage: kind === 'leaf' ? csv.growthStage || base.growthStage : base.growthStage,
    test: csv.test ? (findIn(choices.tests, csv.test)?.value ?? 'Unknown') : base.test,
    optionalTests: csv.optionalTests.length ? csv.optionalTests.flatMap((n) => { const t = findIn(choices.optional, n); return t ? [t.value] : []; }) : base.optionalTests,
  };
}

/** Uploaded rows: a row whose sample number the dialog has fills that row; the others are added to the last group. */
export function withUploadedRows(kind: SubmissionKind, groups: DraftRow[][], rows: CsvSampleRow[], choices: NameChoices): DraftRow[][] {
  const out = groups.map((g) => [...g]);
  if (out.length === 0) out.push([]);
  for (const csv of rows) {
    const at = out.flatMap((g, gi) => g.map((r, ri) => ({ r, gi, ri }))).find((x) => csv.sampleNumber && same(x.r.sampleNumber, csv.sampleNumber));
    if (at) out[at.gi][at.ri] = filledRow(kind, at.r, csv, choices);
    else out[out.length - 1].push(filledRow(kind, blankRow(kind), csv, choices));
  }
  return out.map((g) => g.filter((r, i) => !(i === 0 && g.length > 1 && r.testDataId === 0 && r.sampleNumber === '' && r.blockNumber === '')));
}
