import { SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Address, AddressInput, LOGO_WORD_MAX, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { call } from '../../lib/api';
import { fieldErrors } from '../../lib/formErrors';
import { useFormSave } from '../../lib/useFormSave';

type Values = Omit<Address, 'id' | 'isDefault' | 'rowVersion'>;
const EMPTY: Values = { name: '', addressLine: '', area: '', code: '', number: '', email: '', website: '', filePrefix: '', logoWord: '' };

const FIELDS: { key: keyof Values; label: string }[] = [
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

export interface AddressDialogProps {
  /** the address being edited, `null` for a new one; the dialog is closed when undefined */
  address: Address | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** The 'Address' dialog: every field required, the logo word at most 20 characters. */
export function AddressDialog({ address, onClose, onSaved }: AddressDialogProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const opened = address !== undefined;
  const input = { ...values, id: address?.id ?? 0, rowVersion: address?.rowVersion };
  const { busy, textField, reset, save } = useFormSave({ check: fieldErrors(AddressInput, input), inForm: FIELD_KEYS });

  useEffect(() => {
    if (!opened) return;
    setValues(address ? pick(address) : EMPTY);
    reset();
  }, [opened, address, reset]);

  const field = (key: keyof Values) => textField(key, values[key], (value) => setValues((v) => ({ ...v, [key]: value })));

  const submit = () => save(() => call(apiFeatures.addresses.upsert, input), { success: 'Address updated', onSaved });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Address"
      size="lg"
      data-testid="address-dialog"
      onSave={submit}
      busy={busy}
      saveTestId="address-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {FIELDS.map((f, i) => (
          <TextInput
            key={f.key}
            label={f.label}
            {...field(f.key)}
            data-autofocus={i === 0 || undefined}
            data-testid={`address-${f.key}`}
            withAsterisk
          />
        ))}
        <TextInput
          label="Logo word"
          description={`${values.logoWord.trim().length}/${LOGO_WORD_MAX} characters`}
          {...field('logoWord')}
          data-testid="address-logoWord"
          withAsterisk
        />
      </SimpleGrid>
    </FormDialog>
  );
}

function pick(a: Address): Values {
  return {
    name: a.name, addressLine: a.addressLine, area: a.area, code: a.code, number: a.number, email: a.email,
    website: a.website, filePrefix: a.filePrefix, logoWord: a.logoWord,
  };
}
