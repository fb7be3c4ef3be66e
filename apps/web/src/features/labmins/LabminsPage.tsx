import { Alert, Button, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { type LabCropRow, type LabCropSyncResult, apiFeatures, labSyncSummary } from '@sapwood/contracts';
import { OutsideWait } from '../../components/ui/OutsideWait';
import { ListPage } from '../../components/ui/table/ListPage';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';

const ep = apiFeatures.labmins;

const COLUMNS: ColumnDef<LabCropRow, unknown>[] = [
  { id: 'name', header: 'Name', accessorKey: 'name' },
  { id: 'shortCode', header: 'Short Code', accessorKey: 'shortCode' },
  { id: 'lab', header: 'Lab', accessorKey: 'lab' },
  { id: 'labProvider', header: 'Provider', accessorKey: 'labProvider' },
];

/** /labmins: the outside labs' crop lists, with Sync (each lab's list pulled again; a failing lab is named). */
export default function LabminsPage() {
  const [last, setLast] = useState<LabCropSyncResult | null>(null);
  // the whole feature: the list and the crop master's lab crop selectors refresh
  const sync = useEndpointMutation(ep.sync, {
    invalidates: [ep],
    onSuccess: (result) => {
      setLast(result);
      const failed = result.providers.filter((p) => !p.ok).length;
      // the first words say what happened: a failed lab is never 'synced'
      const headline = failed === 0 ? 'Lab crops synced.' : failed === result.providers.length ? 'Lab crops were not synced.' : 'Lab crops synced in part.';
      (failed ? notify.error : notify.success)(`${headline} ${labSyncSummary(result)}`);
    },
  });
  const failed = last?.providers.filter((p) => !p.ok) ?? [];
  return (
    <ListPage
      endpoint={ep.paged}
      columns={COLUMNS}
      searchPlaceholder="Name, short code, lab or provider"
      testId="labmins-table"
      toolbar={
        <Button size="xs" leftSection={<IconRefresh size={14} />} loading={sync.isPending} onClick={() => sync.mutate({})} data-testid="labmin-sync">
          Sync
        </Button>
      }
      above={
        <>
          <OutsideWait active={sync.isPending} label="Reading the labs’ crop lists (Nvirotek, then Wynland)…" testId="labmin-sync-wait" />
          {failed.length > 0 && (
            <Alert color="red" p="xs" mb="xs" data-testid="labmin-sync-failed" withCloseButton onClose={() => setLast(null)}>
              {failed.map((p) => <Text key={p.provider} size="sm">{p.provider} was not synced: {p.error}. Its list is as it was.</Text>)}
            </Alert>
          )}
        </>
      }
    />
  );
}
