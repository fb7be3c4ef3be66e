import { Text } from '@mantine/core';
import type { LabSubmissionRow } from '@sapwood/contracts';

/**
 * A submission row's error as every submissions tab shows it (spec part 2 §2): the row red, and the error (what to fix
 * or to ask the lab, in our words and the lab's) spanning the row under it. Waiting for Lab shows a refused or failed
 * send; Results, Completed and Archived why the lab's answer is not read (a work order it gave to another lab job, or one it
 * does not know: ADR 0245, 0248).
 */
export const rowError = {
  rowStyle: (r: LabSubmissionRow) => (r.error ? { backgroundColor: 'var(--mantine-color-red-1)' } : undefined),
  rowNote: (r: LabSubmissionRow) => r.error && <Text size="xs" c="red" data-testid={`row-error-${r.id}`}>{r.error}</Text>,
};
