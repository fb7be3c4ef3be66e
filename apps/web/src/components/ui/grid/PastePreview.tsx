import { Button, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppDialog } from '../AppDialog';

export interface PastePreviewRow {
  key: string | number;
  /** the row's name (a sample number) */
  label: ReactNode;
  from: ReactNode;
  to: ReactNode;
}

/**
 * What a pasted column will change, row by row (row → current value → new value), before it does: Apply or Cancel.
 * Opened above the grid's own dialog (Escape closes only it).
 */
export function PastePreviewDialog({ title, rows, note, onApply, onCancel }: {
  title: ReactNode;
  rows: PastePreviewRow[];
  /** said under the list (values left over, rows skipped) */
  note?: ReactNode;
  onApply: () => void;
  onCancel: () => void;
}) {
  return (
    <AppDialog
      opened
      onClose={onCancel}
      title={title}
      size="md"
      zIndex={2000}
      data-testid="paste-preview"
      actions={
        <>
          <Button variant="default" onClick={onCancel} data-testid="paste-preview-cancel">Cancel</Button>
          <Button onClick={onApply} data-autofocus data-testid="paste-preview-apply">Apply</Button>
        </>
      }
    >
      <Table withTableBorder verticalSpacing={2} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Now</Table.Th>
            <Table.Th>New</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={r.key} data-testid={`paste-preview-row-${i}`}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td c="dimmed">{r.from}</Table.Td>
              <Table.Td fw={600}>{r.to}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {note && <Text size="xs" c="dimmed" mt={4} data-testid="paste-preview-note">{note}</Text>}
    </AppDialog>
  );
}
