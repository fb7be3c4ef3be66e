import { apiFeatures } from '@sapwood/contracts';
import { ReassignDialog as SharedReassignDialog } from '../../components/ui/ReassignDialog';
import type { LocalGrowth } from './growthState';

/**
 * Deleting a saved growth: every entry and sample of it moves to the growth chosen here, then it is
 * archived. 'Select a growth to reassign' until one is chosen.
 */
export function ReassignDialog(props: {
  growth: LocalGrowth;
  others: LocalGrowth[];
  onClose: () => void;
  onDeleted: (rowVersion: number) => void;
}) {
  return (
    <SharedReassignDialog
      endpoint={apiFeatures.cropGrowths.cropGrowthsRemove}
      id={props.growth.id}
      // the growths dialog keeps its own copy and refreshes the crop list when told
      invalidates={[]}
      title={`Delete ${props.growth.name}`}
      note="Samples and lab job entries of this growth move to the growth you choose."
      label="Reassign to"
      placeholder="Select a growth"
      options={props.others.map((g) => ({ value: String(g.id), label: g.name }))}
      submitLabel="Delete"
      success={(r) => `${props.growth.name} deleted; ${r.movedEntries + r.movedSamples} samples reassigned`}
      onClose={props.onClose}
      onDone={(r) => props.onDeleted(r.rowVersion)}
    />
  );
}
