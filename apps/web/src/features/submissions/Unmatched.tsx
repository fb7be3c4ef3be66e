import { Text } from '@mantine/core';
import { type LabSubmissionRow, SUBMISSION_MESSAGES as M } from '@sapwood/contracts';

/** The samples the lab returned that match no row of the submission, told on its row (they are kept: see the Lab Result). */
export function Unmatched({ row }: { row: LabSubmissionRow }) {
  if (row.unmatched.length === 0) return null;
  return <Text size="xs" c="orange.8" data-testid={`row-unmatched-${row.id}`}>{M.unmatched(row.unmatched.length)}: {row.unmatched.join(', ')}</Text>;
}
