import { Button, List, Text } from '@mantine/core';
import type { LabSubmissionRow } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';

/**
 * Combine Reports (more than one submission selected): names the chosen submissions. The combined report itself
 * is made by the report builder (issue 15); until it is in place this says so plainly.
 */
export function CombineReportsDialog({ rows, onClose }: { rows: LabSubmissionRow[]; onClose: () => void }) {
  return (
    <AppDialog opened onClose={onClose} title="Combine Reports" size="md" actions={<Button variant="default" onClick={onClose}>Close</Button>}>
      <Text size="sm" mb="xs">Reports are combined in one PDF once the report builder is in place.</Text>
      <List size="sm" data-testid="combine-list">
        {rows.map((r) => <List.Item key={r.id}>{r.id} · {r.clientName} ({r.farmName}) · {r.samples} samples</List.Item>)}
      </List>
    </AppDialog>
  );
}
