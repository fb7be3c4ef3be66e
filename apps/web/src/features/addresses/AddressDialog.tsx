import { Button, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Address, AddressInput, LOGO_WORD_MAX, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError, call } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type FieldErrors, fieldErrors, serverFieldErrors } from './formErrors';

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

export interface AddressDialogProps {
  /** the address being edited, `null` for a new one; the dialog is closed when undefined */
  address: Address | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** The 'Address' dialog: every field required, the logo word at most 20 characters. */
export function AddressDialog({ address, onClose, onSaved }: AddressDialogProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const opened = address !== undefined;

  useEffect(() => {
    if (!opened) return;
    setValues(address ? pick(address) : EMPTY);
    setSubmitted(false);
    setServerErrors({});
  }, [opened, address]);

  const input = { ...values, id: address?.id ?? 0, rowVersion: address?.rowVersion };
  const errors: FieldErrors = submitted ? { ...serverErrors, ...fieldErrors(AddressInput, input) } : {};

  const set = (key: keyof Values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    setServerErrors((s) => ({ ...s, [key]: '' }));
  };

  async function save() {
    setSubmitted(true);
    if (Object.keys(fieldErrors(AddressInput, input)).length > 0) return;
    setSaving(true);
    try {
      await call(apiFeatures.addresses.upsert, input);
      notify.success('Address updated');
      onSaved();
    } catch (err) {
      const fromServer = serverFieldErrors(err);
      if (fromServer) setServerErrors(fromServer);
      else notify.error(err instanceof ApiError ? err.message : 'Something went wrong.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title="Address"
      size="lg"
      data-testid="address-dialog"
      actions={
        <>
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={saving} data-testid="address-save">Save</Button>
        </>
      }
    >
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {FIELDS.map((f, i) => (
            <TextInput
              key={f.key}
              label={f.label}
              value={values[f.key]}
              onChange={set(f.key)}
              error={errors[f.key] || undefined}
              data-autofocus={i === 0 || undefined}
              data-testid={`address-${f.key}`}
              withAsterisk
            />
          ))}
          <TextInput
            label="Logo word"
            description={`${values.logoWord.trim().length}/${LOGO_WORD_MAX} characters`}
            value={values.logoWord}
            onChange={set('logoWord')}
            error={errors.logoWord || undefined}
            data-testid="address-logoWord"
            withAsterisk
          />
        </SimpleGrid>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </AppDialog>
  );
}

function pick(a: Address): Values {
  return {
    name: a.name, addressLine: a.addressLine, area: a.area, code: a.code, number: a.number, email: a.email,
    website: a.website, filePrefix: a.filePrefix, logoWord: a.logoWord,
  };
}
