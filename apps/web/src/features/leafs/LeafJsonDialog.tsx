import { Code, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { apiFeatures } from '@sapwood/contracts';

export type CaptureKind = 'leaf' | 'soil';
import { AppDialog } from '../../components/ui/AppDialog';
import { useEndpointQuery } from '../../lib/query';

const pretty = (v: unknown) => (v === null || v === undefined ? '(none)' : JSON.stringify(v, null, 2));

/**
 * A capture's json: as the app sent it (Original), as mapped (Mapped), and its Test Leaf Data (leaf) or
 * Test Farmers Sample Data (soil).
 */
export function LeafJsonDialog({ kind, row, onClose }: { kind: CaptureKind; row: { id: number; sampleNumber: string } | null; onClose: () => void }) {
  const ep = kind === 'leaf' ? apiFeatures.leafs.getApiData : apiFeatures.farmersSamples.getApiData;
  const data = useEndpointQuery(ep, { id: row?.id ?? 0 }, { enabled: row !== null });
  const test = kind === 'leaf' ? 'Test Leaf Data' : 'Test Farmers Sample Data';
  return (
    <AppDialog opened={row !== null} onClose={onClose} title={`${kind === 'leaf' ? 'Leaf' : 'Sample'} ${row?.sampleNumber ?? ''}`} size="90%" data-testid="leaf-json-dialog">
      {data.isPending ? <Loader size="sm" /> : data.isError ? <Text c="red">Failed</Text> : (
        <SimpleGrid cols={3}>
          {([['Original', data.data.original], ['Mapped', data.data.mapped], [test, data.data.testLeafData]] as const).map(([title, value]) => (
            <Stack gap={4} key={title}>
              <Text fw={600} size="sm">{title}</Text>
              <Code block data-testid={`leaf-json-${title.split(' ')[0]}`}>{pretty(value)}</Code>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </AppDialog>
  );
}
