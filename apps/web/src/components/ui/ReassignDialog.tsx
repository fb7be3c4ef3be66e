import { Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useFormSave } from '../../lib/useFormSave';
import { FormDialog } from './FormDialog';

export interface ReassignDialogProps<T> {
  /** 'Assign {name} to New Agronomist' */
  title: string;
  /** what happens to the references, above the choice */
  note: ReactNode;
  label: string;
  placeholder: string;
  /** the items that may take over (the one going away left out) */
  options: { value: string; label: string }[];
  /** the message while nothing is chosen: 'Select a agronomist to reassign' */
  required: string;
  /** the button's word: 'ReAssign' unless told */
  submitLabel?: string;
  /** the success snack: 'success' unless told */
  success?: string | ((result: T) => string);
  /** moves every reference to `assignId` and archives (or deletes) the item */
  onReassign: (assignId: number) => Promise<T>;
  onClose: () => void;
  onDone: (result: T) => void;
}

/**
 * Deleting an item that others refer to (an agronomist, agent, depot or growth): choose the item that takes
 * over its references, then the red button moves them and retires the item.
 */
export function ReassignDialog<T>(props: ReassignDialogProps<T>) {
  const [assignId, setAssignId] = useState<string | null>(null);
  const { busy, errors, clearServerError, save } = useFormSave({
    check: assignId ? {} : { assignId: props.required },
    inForm: ['assignId'],
  });
  const submit = () => save(() => props.onReassign(Number(assignId)), { success: props.success ?? 'success', onSaved: props.onDone });

  return (
    <FormDialog
      opened
      onClose={props.onClose}
      title={props.title}
      size="md"
      data-testid="reassign-dialog"
      onSave={submit}
      busy={busy}
      saveLabel={props.submitLabel ?? 'ReAssign'}
      saveColor="red"
      saveTestId="reassign-submit"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{props.note}</Text>
        <Select
          label={props.label}
          withAsterisk
          placeholder={props.placeholder}
          data={props.options}
          value={assignId}
          onChange={(v) => { setAssignId(v); clearServerError('assignId'); }}
          searchable
          nothingFoundMessage="Nothing found"
          error={errors.assignId}
          comboboxProps={{ withinPortal: true, zIndex: 4000 }}
          data-testid="reassign-select"
        />
      </Stack>
    </FormDialog>
  );
}
