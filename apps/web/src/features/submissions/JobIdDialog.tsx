import { TextInput } from '@mantine/core';
import { type LabSubmissionRow, SUBMISSION_MESSAGES as M } from '@sapwood/contracts';
import { useState } from 'react';
import { FormDialog } from '../../components/ui/FormDialog';
import { errorMessage, serverFieldErrors } from '../../lib/formErrors';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { type SubmissionKind, endpointsOf } from './kind';

/**
 * Manual Link: the lab job id of a waiting submission, typed by hand ('Required'). The server asks the
 * submission's outside lab for the job and its work order (both stored, so its results are read: ADR 0247): 'Success'
 * when linked, "Can't find lab id." when the lab does not know it; a job, or its work order, another submission of
 * that lab holds is named at the field.
 */
export function JobIdDialog({ kind, row, onClose }: { kind: SubmissionKind; row: LabSubmissionRow; onClose: () => void }) {
  const ep = endpointsOf(kind);
  const [labJobId, setLabJobId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const link = useEndpointMutation(ep.manualLabId, {
    invalidates: [ep.waiting],
    onSuccess: (linked) => {
      if (!linked) return notify.error(M.labJobNotFound);
      notify.success(M.success);
      onClose();
    },
    // a job another submission holds is told at the field; anything else in a snack
    onError: (err) => {
      const atField = serverFieldErrors(err).labJobId;
      if (atField) setError(atField);
      else notify.error(errorMessage(err, M.labJobNotFound));
    },
  });
  const save = () => {
    if (!labJobId.trim()) return setError(M.labJobRequired);
    link.mutate({ submissionId: row.id, labJobId: labJobId.trim() });
  };
  return (
    <FormDialog opened onClose={onClose} title="Job Id" size="sm" dirty={labJobId !== ''} onSave={save} busy={link.isPending} saveTestId="job-id-save">
      <TextInput label="Lab Job Id" data-autofocus value={labJobId} error={error} onChange={(e) => { setLabJobId(e.currentTarget.value); setError(undefined); }} />
    </FormDialog>
  );
}
