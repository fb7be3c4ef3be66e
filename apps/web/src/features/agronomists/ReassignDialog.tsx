import { useQuery } from '@tanstack/react-query';
import { AGRONOMIST_MESSAGES, type AgronomistRow, apiFeatures } from '@sapwood/contracts';
import { ReassignDialog as SharedReassignDialog } from '../../components/ui/ReassignDialog';
import { call } from '../../lib/api';

/** 'Assign {name} to New Agronomist': archives the agronomist, moving everything that names it to the chosen one. */
export function ReassignDialog({ agronomist, onClose, onDone }: { agronomist: AgronomistRow; onClose: () => void; onDone: () => void }) {
  const others = useQuery({ queryKey: ['agronomist-index'], queryFn: () => call(apiFeatures.agronomists.index) });
  return (
    <SharedReassignDialog
      title={`Assign ${agronomist.name} to New Agronomist`}
      note={`Users, entries and samples of ${agronomist.name} move to the chosen agronomist, and ${agronomist.name} is archived.`}
      label="Agronomist"
      placeholder="Select an agronomist"
      options={(others.data ?? []).filter((a) => a.id !== agronomist.id).map((a) => ({ value: String(a.id), label: a.name }))}
      required={AGRONOMIST_MESSAGES.selectTarget}
      onReassign={(assignId) => call(apiFeatures.agronomists.archive, { id: agronomist.id, assignId })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
