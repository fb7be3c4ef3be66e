import { Button, Group, Select } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { apiFeatures } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { notify } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';

const ep = apiFeatures.crops;

/** Clone a saved cultivar (with its norms), or delete it by linking it to another cultivar of the crop. */
export function CultivarActions(props: { cultivar: { id: number; name: string }; others: { id: number; name: string }[]; onDeleted: () => void; onCloned: () => void }) {
  const confirm = useConfirm();
  const [link, setLink] = useState<string | null>(null);
  const remove = useEndpointMutation(ep.deleteCultivar, { invalidates: [ep], onSuccess: () => { notify.success(`${props.cultivar.name} deleted`); props.onDeleted(); } });
  const clone = useEndpointMutation(ep.cloneCultivar, { invalidates: [ep], onSuccess: (c) => { notify.success(`${c.name} added`); props.onCloned(); } });
  const linkDelete = async () => {
    const to = props.others.find((o) => String(o.id) === link);
    if (!to || !(await confirm(`Delete ${props.cultivar.name} and move its entries to ${to.name}?`, 'Delete cultivar'))) return;
    remove.mutate({ cultivarId: props.cultivar.id, linkCultivarId: to.id });
  };
  return (
    <Group gap="xs" align="flex-end">
      <Button size="compact-xs" variant="light" leftSection={<IconCopy size={12} />} onClick={() => clone.mutate({ id: props.cultivar.id })} data-testid="cultivar-clone">Clone</Button>
      <Select size="xs" w={200} placeholder="Link to another cultivar" searchable data={props.others.map((o) => ({ value: String(o.id), label: o.name }))} value={link} onChange={setLink}
        comboboxProps={{ withinPortal: true }} aria-label="Link to another cultivar" data-testid="cultivar-link" />
      <Button size="compact-xs" color="red" variant="light" leftSection={<IconTrash size={12} />} disabled={!link} onClick={() => void linkDelete()} data-testid="cultivar-delete">Delete</Button>
    </Group>
  );
}
