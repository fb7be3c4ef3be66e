import { Code, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { useEndpointQuery } from '../../lib/query';

const pretty = (v: unknown) => (v === null || v === undefined ? '(none)' : JSON.stringify(v, null, 2));

/** A leaf record's json: the capture as the app sent it (Original), as mapped (Mapped), and its Test Leaf Data. */
export function LeafJsonDialog({ row, onClose }: { row: { id: number; sampleNumber: string } | null; onClose: () => void }) {
  const data = useEndpointQuery(apiFeatures.leafs.getApiData, { id: row?.id ?? 0 }, { enabled: row !== null });
  return (
    <AppDialog opened={row !== null} onClose={onClose} title={`Leaf ${row?.sampleNumber ?? ''}`} size="90%" data-testid="leaf-json-dialog">
      {data.isPending ? <Loader size="sm" /> : data.isError ? <Text c="red">Failed</Text> : (
        <SimpleGrid cols={3}>
          {([['Original', data.data.original], ['Mapped', data.data.mapped], ['Test Leaf Data', data.data.testLeafData]] as const).map(([title, value]) => (
            <Stack gap={4} key={title}>
              <Text fw={600} size="sm">{title}</Text>
              <Code block data-testid={`leaf-json-${title}`}>{pretty(value)}</Code>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </AppDialog>
  );
}
