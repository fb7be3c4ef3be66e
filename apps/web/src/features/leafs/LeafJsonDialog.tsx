import { apiFeatures } from '@sapwood/contracts';
import { JsonDialog } from '../../components/ui/JsonDialog';
import { useEndpointQuery } from '../../lib/query';

export type CaptureKind = 'leaf' | 'soil';

/**
 * A capture's json: as the app sent it (Original), as mapped (Mapped), and its Test Leaf Data (leaf) or
 * Test Farmers Sample Data (soil).
 */
export function LeafJsonDialog({ kind, row, onClose }: { kind: CaptureKind; row: { id: number; sampleNumber: string } | null; onClose: () => void }) {
  const ep = kind === 'leaf' ? apiFeatures.leafs.getApiData : apiFeatures.farmersSamples.getApiData;
  const data = useEndpointQuery(ep, { id: row?.id ?? 0 }, { enabled: row !== null });
  return (
    <JsonDialog opened={row !== null} onClose={onClose} title={`${kind === 'leaf' ? 'Leaf' : 'Sample'} ${row?.sampleNumber ?? ''}`} size="90%" testId="leaf-json-dialog"
      loading={data.isPending} error={data.isError} errorText="Failed"
      panels={[
        { title: 'Original', value: data.data?.original, testId: 'leaf-json-Original' },
        { title: 'Mapped', value: data.data?.mapped, testId: 'leaf-json-Mapped' },
        { title: kind === 'leaf' ? 'Test Leaf Data' : 'Test Farmers Sample Data', value: data.data?.testLeafData, testId: 'leaf-json-Test' },
      ]} />
  );
}
