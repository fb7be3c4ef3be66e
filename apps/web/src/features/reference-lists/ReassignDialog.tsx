import { useQuery } from '@tanstack/react-query';
import { type ReferenceListItem, reassignMessage } from '@sapwood/contracts';
import { ReassignDialog as SharedReassignDialog } from '../../components/ui/ReassignDialog';
import { call } from '../../lib/api';
import type { ReferenceListEndpoints, ReferenceListNames } from './types';

interface Props {
  endpoints: ReferenceListEndpoints;
  names: ReferenceListNames;
  item: ReferenceListItem;
  onClose: () => void;
  onDone: () => void;
}

/** The delete 'x': archives the item after choosing who takes over its references. */
export function ReassignDialog({ endpoints, names, item, onClose, onDone }: Props) {
  const choices = useQuery({ queryKey: [endpoints.index.path], queryFn: () => call(endpoints.index, {}) });
  return (
    <SharedReassignDialog
      title={`Assign ${item.name} to New ${names.title}`}
      note={`${item.name} is removed from the list; everything that names it will name the ${names.noun} chosen here.`}
      label={`New ${names.title}`}
      placeholder={`Choose a ${names.noun}`}
      options={(choices.data ?? []).filter((c) => c.id !== item.id).map((c) => ({ value: String(c.id), label: c.name }))}
      required={reassignMessage(names.noun)}
      onReassign={(assignId) => call(endpoints.archive, { id: item.id, assignId })}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
