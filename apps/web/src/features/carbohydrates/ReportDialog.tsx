import { Text } from '@mantine/core';
import { AppDialog } from '../../components/ui/AppDialog';

/**
 * Placeholder for the 'Download selected report' dialog (built with the client report later). It
 * receives the selection as the report expects it: 'group,id' pairs joined by ';'.
 */
export function ReportDialog({ opened, selection, onClose }: { opened: boolean; selection: string; onClose: () => void }) {
  return (
    <AppDialog opened={opened} onClose={onClose} title="Report" data-testid="report-dialog">
      <Text size="sm" data-selection={selection}>Report</Text>
    </AppDialog>
  );
}
