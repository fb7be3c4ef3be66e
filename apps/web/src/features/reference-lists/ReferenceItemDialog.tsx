import { Input, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { REFERENCE_ORIGINATES, type ReferenceListItem, type ReferenceOriginate } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { call } from '../../lib/api';
import { useFormSave } from '../../lib/useFormSave';
import type { ReferenceListEndpoints, ReferenceListNames } from './types';

interface Props {
  endpoints: ReferenceListEndpoints;
  names: ReferenceListNames;
  /** the item to edit; null adds a new one */
  item: ReferenceListItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit an agent or depot: Name (required) and Originate (International by default). */
export function ReferenceItemDialog({ endpoints, names, item, onClose, onSaved }: Props) {
  const [name, setName] = useState(item?.name ?? '');
  const [originate, setOriginate] = useState<ReferenceOriginate>(item?.originate ?? 'International');
  const { busy, errors, textField, save } = useFormSave({
    check: name.trim() ? {} : { name: 'Name required' },
    inForm: ['name', 'originate'],
  });
  const submit = () => save(
    () => call(endpoints.upsert, { id: item?.id ?? 0, name: name.trim(), originate, rowVersion: item?.rowVersion }),
    { success: 'success', onSaved },
  );

  return (
    <FormDialog
      opened
      onClose={onClose}
      title={names.title}
      size="sm"
      data-testid="reference-item-dialog"
      onSave={submit}
      busy={busy}
      saveLabel={item ? 'update' : 'insert'}
      saveTestId="item-save"
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...textField('name', name, setName)} data-autofocus data-testid="item-name" />
        <Input.Wrapper label="Originate" size="xs" error={errors.originate}>
          <SegmentedControl
            fullWidth
            size="xs"
            value={originate}
            onChange={(v) => setOriginate(v as ReferenceOriginate)}
            data={[...REFERENCE_ORIGINATES]}
            data-testid="item-originate"
          />
        </Input.Wrapper>
      </Stack>
    </FormDialog>
  );
}
