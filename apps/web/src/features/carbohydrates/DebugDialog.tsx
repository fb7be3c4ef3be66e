import { Code, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { useEndpointQuery } from '../../lib/query';

const pretty = (v: unknown) => (v === null || v === undefined ? '(none)' : JSON.stringify(v, null, 2));

/** The debug JSON viewer: the captured sample as received (Original) and as mapped (Mapped). Admin or dev mode. */
export function DebugDialog({ entry, onClose }: { entry: { id: number; sampleNumber: string } | null; onClose: () => void }) {
  const data = useEndpointQuery(apiFeatures.carbohydrates.getapidata, { id: entry?.id ?? 0 }, { enabled: entry !== null });
  return (
    <AppDialog opened={entry !== null} onClose={onClose} title={`Debug ${entry?.sampleNumber ?? ''}`} size="xl" data-testid="debug-dialog">
      {data.isPending ? <Loader size="sm" /> : data.isError ? <Text c="red">Something went wrong.</Text> : (
        <SimpleGrid cols={2}>
          <Stack gap={4}>
            <Text fw={600} size="sm">Original</Text>
            <Code block data-testid="debug-original">{pretty(data.data.original)}</Code>
          </Stack>
          <Stack gap={4}>
            <Text fw={600} size="sm">Mapped</Text>
            <Code block data-testid="debug-mapped">{pretty(data.data.mapped)}</Code>
          </Stack>
        </SimpleGrid>
      )}
    </AppDialog>
  );
}
