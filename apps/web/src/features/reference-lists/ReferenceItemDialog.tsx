import { Input, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { REFERENCE_ORIGINATES, type ReferenceListItem, ReferenceListUpsert, type ReferenceOriginate } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import type { ReferenceListEndpoints, ReferenceListNames } from './types';
import { snack } from '../../lib/notify';

interface Props {
  endpoints: ReferenceListEndpoints;
  names: ReferenceListNames;
  /** the item to edit; null adds a new one */
  item: ReferenceListItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit an agent or depot: Name ('Name required', the contract's message) and Originate (International by default). */
export function ReferenceItemDialog({ endpoints, names, item, onClose, onSaved }: Props) {
  const form = useContractForm(ReferenceListUpsert, {
    defaultValues: { id: item?.id ?? 0, name: item?.name ?? '', originate: item?.originate ?? 'International', rowVersion: item?.rowVersion },
    fields: ['name', 'originate'],
  });
  // the whole feature: its list, and every pick list of it (the lab job card's agents) refresh at once
  const upsert = useEndpointMutation(endpoints.upsert, { invalidates: [endpoints], onError: false });
  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.updated(names.title), onSaved });

  return (
    <ContractFormDialog
      form={form}
      testId={{ dialog: 'reference-item-dialog', save: 'item-save' }}
      onClose={onClose}
      title={names.title}
      size="sm"
      onSave={submit}
      saveLabel={item ? 'update' : 'insert'}
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-autofocus data-testid="item-name" />
        <Controller
          control={form.control}
          name="originate"
          render={({ field }) => (
            <Input.Wrapper label="Originate" size="xs" error={form.errorOf('originate')}>
              <SegmentedControl
                fullWidth
                size="xs"
                value={field.value ?? 'International'}
                onChange={(v) => field.onChange(v as ReferenceOriginate)}
                data={[...REFERENCE_ORIGINATES]}
                data-testid="item-originate"
              />
            </Input.Wrapper>
          )}
        />
      </Stack>
    </ContractFormDialog>
  );
}
