import { apiFeatures } from '@sapwood/contracts';
import { JsonDialog } from '../../components/ui/JsonDialog';
import { useEndpointQuery } from '../../lib/query';

/** The debug JSON viewer: the captured sample as received (Original) and as mapped (Mapped). Admin or dev mode. */
export function DebugDialog({ entry, onClose }: { entry: { id: number; sampleNumber: string } | null; onClose: () => void }) {
  const data = useEndpointQuery(apiFeatures.carbohydrates.getapidata, { id: entry?.id ?? 0 }, { enabled: entry !== null });
  return (
    <JsonDialog opened={entry !== null} onClose={onClose} title={`Debug ${entry?.sampleNumber ?? ''}`} testId="debug-dialog"
      loading={data.isPending} error={data.isError} errorText="Something went wrong."
      panels={[
        { title: 'Original', value: data.data?.original, testId: 'debug-original' },
        { title: 'Mapped', value: data.data?.mapped, testId: 'debug-mapped' },
      ]} />
  );
}
