import { Anchor, Stack, Text } from '@mantine/core';
import { type LabSubmissionRow, MANUAL_ENTRY_MESSAGES as M } from '@sapwood/contracts';
import { endpointUrl } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useEndpointQuery } from '../../lib/query';
import { type SubmissionKind, resultEndpointsOf } from './kind';
import { QueryDialog } from './QueryDialog';

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Files: the documents of a submission as download links, or 'No files found.' */
export function FilesDialog({ kind, row, onClose }: { kind: SubmissionKind; row: LabSubmissionRow; onClose: () => void }) {
  const rep = resultEndpointsOf(kind);
  const query = useEndpointQuery(rep.getDocs, { id: row.id });
  return (
    <QueryDialog title="Files" size="md" onClose={onClose} query={query} failed="Could not load the files">
      {(docs) => docs.length === 0 ? <Text size="sm" data-testid="no-files">{M.noFiles}</Text> : (
        <Stack gap={4}>
          {docs.map((d) => (
            <Text key={d.id} size="sm">
              <Anchor href={endpointUrl(rep.downloadDocument, { fileId: d.id, submissionId: row.id })} download data-testid={`file-${d.id}`}>{d.name}</Anchor>
              <Text span size="xs" c="dimmed"> · {size(d.size)} · {formatDateTime(d.uploadedAt)}</Text>
            </Text>
          ))}
        </Stack>
      )}
    </QueryDialog>
  );
}
