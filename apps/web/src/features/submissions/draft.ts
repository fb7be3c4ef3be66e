import {
  DEFAULT_FARMERS_TEST, DEFAULT_LEAF_TEST, FARMERS_SUBMISSION_LABS, FARMERS_TESTS, LEAF_SUBMISSION_LABS, LEAF_TESTS, type PrepareData, type SampleRow,
  SUBMISSION_LAB_LABELS, type SubmissionDraftInput, testLabel,
} from '@sapwood/contracts';
import type { SubmissionKind } from './kind';

/** A row as the dialog holds it: the sample row, a key of its own and whether it is selected. */
export type DraftRow = SampleRow & { key: string; selected: boolean };
export type DraftHeader = PrepareData['data'];

let keys = 0;
export const rowKey = () => `r${++keys}`;

export const defaultTest = (kind: SubmissionKind) => (kind === 'leaf' ? DEFAULT_LEAF_TEST : DEFAULT_FARMERS_TEST);

export function blankRow(kind: SubmissionKind): DraftRow {
  return {
    key: rowKey(), selected: false, testDataId: 0, sampleNumber: '', blockNumber: '', cropId: 0, cultivars: [], growthStage: '', organTypeEnum: 'Normal',
    test: defaultTest(kind), optionalTests: [], notes: '', delete: false,
  };
}

/** The test choices of a kind, and the optional ones (neither Unknown nor the farmers' default). */
export function testsOf(kind: SubmissionKind) {
  const all = (kind === 'leaf' ? LEAF_TESTS : FARMERS_TESTS).map((key) => ({ value: key, label: testLabel(key) }));
  return { tests: all, optional: all.filter((t) => t.value !== 'Unknown' && t.value !== DEFAULT_FARMERS_TEST) };
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
