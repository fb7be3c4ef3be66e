import { SimpleGrid, TextInput } from '@mantine/core';
import type { z } from 'zod';
import { type Address, AddressInput, LOGO_WORD_MAX, apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm, useStartOver } from '../../lib/useContractForm';
import { snack } from '../../lib/notify';

type Values = z.input<typeof AddressInput>;
type TextField = Exclude<keyof Values, 'id' | 'isDefault' | 'rowVersion'>;

const FIELDS: { key: TextField; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'addressLine', label: 'Address Line' },
  { key: 'area', label: 'Area' },
  { key: 'code', label: 'Code' },
  { key: 'number', label: 'Number' },
  { key: 'email', label: 'Email' },
  { key: 'website', label: 'Website' },
  { key: 'filePrefix', label: 'File prefix' },
];
const FIELD_KEYS = [...FIELDS.map((f) => f.key), 'logoWord'];

/** The form's values for an address (empty for a new one). */
function valuesOf(a: Address | null): Values {
  return {
    id: a?.id ?? 0, name: a?.name ?? '', addressLine: a?.addressLine ?? '', area: a?.area ?? '', code: a?.code ?? '',
    number: a?.number ?? '', email: a?.email ?? '', website: a?.website ?? '', filePrefix: a?.filePrefix ?? '',
    logoWord: a?.logoWord ?? '', rowVersion: a?.rowVersion,
  };
}

export interface AddressDialogProps {
  /** the address being edited, `null` for a new one; the dialog is closed when undefined */
  address: Address | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** The 'Address' dialog: every field required, the logo word at most 20 characters (the contract's rules). */
export function AddressDialog({ address, onClose, onSaved }: AddressDialogProps) {
  const opened = address !== undefined;
  const form = useContractForm(AddressInput, { defaultValues: valuesOf(null), fields: FIELD_KEYS });
  const upsert = useEndpointMutation(apiFeatures.addresses.upsert, { invalidates: [apiFeatures.addresses], onError: false });
  useStartOver(form, opened, () => valuesOf(address ?? null), address);

  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.updated('Address'), onSaved });
  const logoWord = form.watch('logoWord') ?? '';

  return (
    <ContractFormDialog form={form} testId="address" opened={opened} onClose={onClose} title="Address" size="lg" onSave={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {FIELDS.map((f, i) => (
          <TextInput
            key={f.key}
            label={f.label}
            {...form.text(f.key)}
            data-autofocus={i === 0 || undefined}
            data-testid={`address-${f.key}`}
            withAsterisk
          />
        ))}
        <TextInput
          label="Logo word"
          description={`${logoWord.trim().length}/${LOGO_WORD_MAX} characters`}
          {...form.text('logoWord')}
          data-testid="address-logoWord"
          withAsterisk
        />
      </SimpleGrid>
    </ContractFormDialog>
  );
}
