import { Select, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { AGRONOMIST_ORIGINATES, type AgronomistRow, apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { snack } from '../../lib/notify';

const ep = apiFeatures.agronomists;

/** Adds or edits an agronomist: name and origin (International by default). Saves with 'insert' or 'update'. */
export function AgronomistDialog({ agronomist, onClose, onSaved }: { agronomist: AgronomistRow | null; onClose: () => void; onSaved: () => void }) {
  const form = useContractForm(ep.upsert.input, {
    defaultValues: {
      id: agronomist?.id ?? 0, name: agronomist?.name ?? '', originate: agronomist?.originate ?? 'International', rowVersion: agronomist?.rowVersion,
    },
    fields: ['name', 'originate'],
  });
  // the list and every pick list of agronomists (user dialog, lab job card) refresh at once
  const upsert = useEndpointMutation(ep.upsert, { invalidates: [ep], onError: false });
  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.updated('Agronomist'), onSaved });

  return (
    <ContractFormDialog
      form={form}
      testId="agronomist"
      onClose={onClose}
      title="Agronomist"
      onSave={submit}
      saveLabel={agronomist ? 'update' : 'insert'}
    >
      <Stack gap="xs">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-testid="agronomist-name" data-autofocus />
        <Controller
          control={form.control}
          name="originate"
          render={({ field, fieldState }) => (
            <Select
              label="Originate"
              data={[...AGRONOMIST_ORIGINATES]}
              value={field.value ?? 'International'}
              onChange={(v) => v && field.onChange(v)}
              allowDeselect={false}
              error={fieldState.error?.message}
              data-testid="agronomist-originate"
            />
          )}
        />
      </Stack>
    </ContractFormDialog>
  );
}
