import { Alert, Button, Group, Paper, Progress, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { type LabCropRow, type LabCropSyncJob, apiFeatures, labSyncMessage } from '@sapwood/contracts';
import { useElapsedSeconds } from '../../components/ui/OutsideWait';
import { ListPage } from '../../components/ui/table/ListPage';
import { notify } from '../../lib/notify';
import { syncUnderWay, useSyncJob } from '../../lib/syncJob';

const ep = apiFeatures.labmins;

const COLUMNS: ColumnDef<LabCropRow, unknown>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'shortCode', header: 'Short Code', accessorKey: 'shortCode' },
  { id: 'lab', header: 'Lab', accessorKey: 'lab' },
  { id: 'labProvider', header: 'Provider', accessorKey: 'labProvider' },
];

/**
 * /labmins: the outside labs' crop lists, with Sync: a job (issue 33) that pulls each lab's list again while the
 * page says what it reads ("Reading Wynland's crops… 2 of 3 pages… 4 s"); the user may go elsewhere meanwhile.
 * The sync this page saw under way ends in a message whose first words say what happened, and a failing lab is named.
 */
export default function LabminsPage() {
  const [last, setLast] = useState<LabCropSyncJob | null>(null);
  const sync = useSyncJob<LabCropSyncJob>(ep, (job) => {
    setLast(job);
    const said = labSyncMessage(job);
    (said.ok ? notify.success : notify.error)(said.text);
  });
  const job = sync.job;
  const running = job?.status === 'running';
  const seconds = useElapsedSeconds(syncUnderWay(job), job?.startedAt);
  const failed = last?.result?.providers.filter((p) => !p.ok) ?? [];
  const refused = last?.result?.providers.filter((p) => p.ok && p.refused.length > 0) ?? [];
  return (
    <ListPage
      endpoint={ep.paged}
      columns={COLUMNS}
      searchPlaceholder="Name, short code, lab or provider"
      testId="labmins-table"
      toolbar={
        <Button size="xs" leftSection={<IconRefresh size={14} />} loading={sync.busy} onClick={sync.start} data-testid="labmin-sync">
          Sync
        </Button>
      }
      above={
        <>
          {seconds !== null && (
            <Paper withBorder shadow="sm" p="xs" pos="fixed" bottom={16} right={16} style={{ zIndex: 300 }} data-testid="labmin-sync-wait" role="status">
              <Group gap="xs" wrap="nowrap">
                <Progress value={job?.progress ?? 0} w={90} size="sm" animated aria-label="Sync progress" />
                <Text size="sm">{running ? (job.message ?? 'Reading the labs’ crop lists…') : 'Waiting to sync…'} {seconds} s</Text>
              </Group>
            </Paper>
          )}
          {(failed.length > 0 || refused.length > 0 || last?.status === 'failed') && (
            <Alert color="red" p="xs" mb="xs" data-testid="labmin-sync-failed" withCloseButton onClose={() => setLast(null)}>
              {last?.status === 'failed' && <Text size="sm">{labSyncMessage(last).text}</Text>}
              {failed.map((p) => <Text key={p.provider} size="sm">{p.provider} was not synced: {p.error}. Its list is as it was.</Text>)}
              {refused.map((p) => p.refused.map((r) => <Text key={`${p.provider}-${r.crop}`} size="sm">{p.provider} sent crop {r.crop}, which was refused: {r.reason}</Text>))}
            </Alert>
          )}
        </>
      }
    />
  );
}
