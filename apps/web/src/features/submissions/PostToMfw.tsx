import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { type LabSubmissionRow, type PostResult, SUBMISSION_POSTING_MESSAGES as M, apiFeatures } from '@sapwood/contracts';
import { type ReactNode, useCallback, useState } from 'react';
import type { z } from 'zod';
import { useConfirm } from '../../components/ui/confirm';
import { OutsideWait } from '../../components/ui/OutsideWait';
import { PostResultsDialog } from '../../components/ui/PostResultsDialog';
import { useEndpointMutation } from '../../lib/query';
import { type SubmissionKind, endpointsOf } from './kind';

const postingOf = (kind: SubmissionKind) => (kind === 'leaf' ? apiFeatures.submissionPosting : apiFeatures.farmersSubmissionPosting);

export interface Posting {
  /** asks (the other question when the row was posted already), posts, then shows the Posted result */
  post: (row: LabSubmissionRow) => Promise<void>;
  /** the Posted result dialog, to render once under the table */
  dialog: ReactNode;
}

/**
 * Posting a completed submission to the farm-management system (spec part 2 §2 Completed tab, §4): after asking
 * ('Are you sure…', or 'already posted… again?' for a posted row) the post's Success and Failed lists show in the
 * Posted result dialog, and the Completed tab loads again (its Posted column shows the new date).
 */
export function usePostToMfw(kind: SubmissionKind): Posting {
  const confirm = useConfirm();
  const [results, setResults] = useState<z.output<typeof PostResult>[] | null>(null);
  // not over the page: MFW may take a while, the user may work on meanwhile (issue 33)
  const { mutate, isPending } = useEndpointMutation(postingOf(kind).postToMfw, { invalidates: [endpointsOf(kind).completed], onSuccess: setResults });
  const post = useCallback(async (row: LabSubmissionRow) => {
    if (await confirm(row.postedToMfwDate ? M.confirmAgain : M.confirm, M.action)) mutate({ id: row.id });
  }, [confirm, mutate]);
  return {
    post,
    dialog: (
      <>
        <OutsideWait active={isPending} label="Waiting for MFW…" testId="mfw-wait" />
        <PostResultsDialog results={results} onClose={() => setResults(null)} />
      </>
    ),
  };
}

/** The Completed tab's post action: only for a row with a location; greyed once posted, yet it may post again. */
export function PostToMfwButton({ row, onPost }: { row: LabSubmissionRow; onPost: (row: LabSubmissionRow) => void }) {
  if (!row.hasLocation) return null;
  const posted = !!row.postedToMfwDate;
  return (
    <Tooltip label={M.action}>
      <ActionIcon
        variant={posted ? 'transparent' : 'subtle'} color={posted ? 'gray' : 'blue'} aria-label={`${M.action} ${row.id}`}
        data-posted={posted} onClick={() => onPost(row)}
      >
        <IconCloudUpload size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
