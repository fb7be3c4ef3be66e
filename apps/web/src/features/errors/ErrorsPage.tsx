import { Badge, Code, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { type ErrorGroupRow, apiFeatures } from '@sapwood/contracts';
import { ListPage } from '../../components/ui/table/ListPage';
import { formatDateTime } from '../../lib/format';
import { useEndpointQuery } from '../../lib/query';

const ep = apiFeatures.errors;

const COLUMNS: ColumnDef<ErrorGroupRow, unknown>[] = [
  { id: 'source', header: 'Source', accessorKey: 'source', cell: (c) => <Badge size="sm" variant="light" color={c.row.original.source === 'server' ? 'red' : 'blue'}>{c.row.original.source}</Badge> },
  { id: 'message', header: 'Message', accessorKey: 'message', cell: (c) => <Text size="sm" lineClamp={2}>{c.row.original.message}</Text> },
  { id: 'screen', header: 'Screen', accessorKey: 'screen', enableSorting: false },
  { id: 'count', header: 'Count', accessorKey: 'count' },
  { id: 'lastSeen', header: 'Last seen', accessorFn: (r) => formatDateTime(r.lastSeen) },
];

/**
 * /errors (administrators): the crashes of the web app and the server's unexpected errors kept without an
 * error-reporting service (issue 35), one row per kind, newest first; a double-click shows one in full.
 */
export default function ErrorsPage() {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ListPage endpoint={ep.paged} columns={COLUMNS} searchPlaceholder="Message, screen or source" testId="errors-table" onRowDoubleClick={(r) => setOpen(r.id)}>
      {open !== null && <ErrorDetail id={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}

function ErrorDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { data } = useEndpointQuery(ep.get, { id });
  return (
    <Modal opened onClose={onClose} title="Error" size="xl" data-testid="error-detail">
      {data && (
        <Stack gap="xs">
          <Text fw={600} data-testid="error-message">{data.message}</Text>
          <Table withRowBorders={false} fz="sm">
            <Table.Tbody>
              <Row label="Source" value={data.source} />
              <Row label="Screen" value={data.screen} />
              <Row label="Count" value={String(data.count)} />
              <Row label="First seen" value={formatDateTime(data.firstSeen)} />
              <Row label="Last seen" value={formatDateTime(data.lastSeen)} />
              <Row label="App version" value={data.appVersion} />
              <Row label="User" value={data.userName ?? (data.userId === null ? 'Not signed in' : String(data.userId))} />
            </Table.Tbody>
          </Table>
          <Group gap={4}><Text size="sm" fw={600}>Stack</Text></Group>
          <ScrollArea.Autosize mah={360}>
            <Code block data-testid="error-stack">{data.stack || '(none)'}</Code>
          </ScrollArea.Autosize>
        </Stack>
      )}
    </Modal>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Td c="dimmed" w={140}>{label}</Table.Td>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}
