import { ActionIcon, Alert, Anchor, Button, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MANUAL_ENTRY_MESSAGES as M, SUBMISSION_FILES_AT_ONCE, SUBMISSION_FILE_MAX_BYTES } from '@sapwood/contracts';
import { useState } from 'react';
import { AppDialog } from '../../components/ui/AppDialog';
import { useConfirm } from '../../components/ui/confirm-context';
import { useCan } from '../../lib/session';
import { ApiError, endpointUrl } from '../../lib/api';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation, useEndpointQuery, useUploadMutation } from '../../lib/query';
import { type SubmissionKind, resultEndpointsOf } from './kind';

/** The name endings the dialog lists (PDF, PNG, JPEG, .xlsx, .csv, .docx): another is refused at the file. */
const LISTED = ['.pdf', '.png', '.jpg', '.jpeg', '.xlsx', '.csv', '.docx'];
const listed = (name: string) => LISTED.some((e) => name.toLowerCase().endsWith(e));

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * The manual entry's Upload files dialog: the submission's documents (download links), and files to add
 * (PDF, images, spreadsheets, Word; each at most 10 MB), sent in one multipart post. A refused file is told at
 * the file.
 */
export function UploadFilesDialog({ kind, submissionId, onClose }: { kind: SubmissionKind; submissionId: number; onClose: () => void }) {
  const { files, fileErrors, error, choose, send, sending } = useFileUpload(kind, submissionId);

  return (
    <AppDialog opened onClose={onClose} title="Upload files" size="md" zIndex={1000} data-testid="upload-files-dialog"
      actions={
        <>
          <Button variant="default" onClick={onClose} data-testid="upload-files-close">Close</Button>
          <Button onClick={() => void send()} loading={sending} data-testid="upload-files-send">Upload</Button>
        </>
      }>
      <Stack gap="xs">
        <FileInput multiple clearable label="Files" placeholder="PDF, PNG, JPEG, .xlsx, .csv or .docx" value={files} onChange={choose}
          accept=".pdf,.png,.jpg,.jpeg,.xlsx,.csv,.docx,application/pdf,image/png,image/jpeg" data-testid="upload-files-input" />
        {files.length > 0 && (
          <List size="xs" data-testid="upload-files-chosen">
            {files.map((f, i) => (
              <List.Item key={`${f.name}-${i}`}>
                {f.name} ({size(f.size)})
                {fileErrors[i] && <Text size="xs" c="red" data-testid={`upload-file-error-${i}`}>{fileErrors[i]}</Text>}
              </List.Item>
            ))}
          </List>
        )}
        {error && <Alert color="red" p="xs" data-testid="upload-files-error">{error}</Alert>}
        <SubmissionDocuments kind={kind} submissionId={submissionId} />
      </Stack>
    </AppDialog>
  );
}

/**
 * The files chosen and their sending: each checked at choosing (listed kind, size), sent in one multipart post;
 * the server's refusals go to their file (`files.N`), the rest to the dialog.
 */
function useFileUpload(kind: SubmissionKind, submissionId: number) {
  const ep = resultEndpointsOf(kind);
  const upload = useUploadMutation(ep.uploadFiles, { invalidates: [ep.getDocs], onError: false });
  const [files, setFiles] = useState<File[]>([]);
  const [fileErrors, setFileErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File[]) => {
    setFiles(chosen);
    setError(null);
    const problemOf = (f: File): string | null => (!listed(f.name) ? M.fileType : f.size > SUBMISSION_FILE_MAX_BYTES ? M.fileSize : null);
    setFileErrors(Object.fromEntries(chosen.flatMap((f, i) => {
      const problem = problemOf(f);
      return problem ? [[i, problem] as const] : [];
    })));
  };

  const send = async () => {
    if (files.length === 0) return setError(M.noFile);
    if (files.length > SUBMISSION_FILES_AT_ONCE) return setError(`At most ${SUBMISSION_FILES_AT_ONCE} files at once`);
    if (Object.keys(fileErrors).length > 0) return;
    const body = new FormData();
    body.append('submissionId', String(submissionId));
    files.forEach((f) => body.append('files', f, f.name));
    try {
      const saved = await upload.mutateAsync(body);
      // a file the submission already holds (by its content) is not listed twice
      if (saved.length === 0) notify.info(M.alreadyUploaded);
      else notify.success(`${saved.length === 1 ? 'File' : 'Files'} uploaded`);
      setFiles([]);
      setFileErrors({});
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) return setError('Could not upload the files.');
      const atFile: Record<number, string> = {};
      const rest: string[] = [];
      for (const f of err.body?.fields ?? []) {
        const m = /^files\.(\d+)/.exec(f.field);
        if (m) atFile[Number(m[1])] = f.message;
        else rest.push(f.message);
      }
      setFileErrors(atFile);
      setError(rest.join('; ') || (Object.keys(atFile).length ? null : err.message));
    }
  };
  return { files, fileErrors, error, choose, send, sending: upload.isPending };
}

/** The submission's documents: download links, and delete (asked first) with the permission. */
function SubmissionDocuments({ kind, submissionId }: { kind: SubmissionKind; submissionId: number }) {
  const ep = resultEndpointsOf(kind);
  const docs = useEndpointQuery(ep.getDocs, { id: submissionId });
  const remove = useEndpointMutation(ep.deleteFiles, { invalidates: [ep.getDocs], onSuccess: () => notify.success(snack.deleted('File')) });
  const confirm = useConfirm();
  const canDelete = useCan()('SubmissionsDelete');
  return (
    <>
    <Text size="sm" fw={600}>Documents</Text>
    {docs.isError && <Text size="xs" c="red">Could not get the documents.</Text>}
    {docs.data?.length === 0 && <Text size="xs" c="dimmed" data-testid="upload-files-none">{M.noFiles}</Text>}
    {docs.data && docs.data.length > 0 && (
      <List size="xs" data-testid="upload-files-docs">
        {docs.data.map((d) => (
          <List.Item key={d.id} data-testid="upload-files-doc">
            <Group gap={4} wrap="nowrap">
              <Anchor href={endpointUrl(ep.downloadDocument, { fileId: d.id, submissionId })} size="xs">{d.name}</Anchor>
              <Text size="xs">({size(d.size)})</Text>
              {canDelete && (
                <ActionIcon size="xs" variant="subtle" color="red" aria-label={`Delete ${d.name}`} data-testid="upload-files-delete"
                  onClick={async () => {
                    if (!(await confirm(M.confirmDeleteFile(d.name), 'Delete file'))) return;
                    remove.mutate({ submissionId, fileIds: [d.id] });
                  }}>
                  <IconTrash size={12} />
                </ActionIcon>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    )}
    </>
  );
}
