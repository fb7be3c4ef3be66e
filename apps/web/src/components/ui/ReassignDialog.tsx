import { Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import type { EndpointDef, HttpMethod, InputOf, OutputOf } from '@sapwood/contracts';
import { type Invalidates, useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { FormDialog } from './FormDialog';
import { snack } from '../../lib/notify';

/** An endpoint that retires item `id`, moving every reference to item `assignId` (its schema says 'Select a … to reassign'). */
export type ReassignEndpoint = EndpointDef<HttpMethod, z.ZodType<{ id: number; assignId: number }, { id: number; assignId: number }>>;

export interface ReassignDialogProps<E extends ReassignEndpoint> {
  /** the archive (or remove) endpoint: `{ id, assignId }` */
  endpoint: E;
  /** the item going away */
  id: number;
  /** what the move makes stale */
  invalidates: Invalidates;
  /** 'Assign {name} to New Agronomist' */
  title: string;
  /** what happens to the references, above the choice */
  note: ReactNode;
  label: string;
  placeholder: string;
  /** the items that may take over (the one going away left out) */
  options: { value: string; label: string }[];
  /** the button's word: 'ReAssign' unless told */
  submitLabel?: string;
  /** the success snack: snack.updated('Assignments') unless told */
  success?: string | ((result: OutputOf<E>) => string);
  onClose: () => void;
  onDone: (result: OutputOf<E>) => void;
}

/**
 * Deleting an item that others refer to (an agronomist, agent, depot or growth): choose the item that takes
 * over its references, then the red button moves them and retires the item. The choice is checked with the
 * endpoint's own schema, so the message while nothing is chosen is the server's.
 */
export function ReassignDialog<E extends ReassignEndpoint>(props: ReassignDialogProps<E>) {
  const form = useContractForm(props.endpoint.input, {
    defaultValues: { id: props.id },
    fields: ['assignId'],
  });
  const reassign = useEndpointMutation(props.endpoint, { invalidates: props.invalidates, onError: false });
  // the parsed `{ id, assignId }` is the endpoint's input (its schema parses to the shape it accepts)
  const submit = () => form.submit((values) => reassign.mutateAsync(values as InputOf<E>), { success: props.success ?? snack.updated('Assignments'), onSaved: props.onDone });

  return (
    <FormDialog
      opened
      onClose={props.onClose}
      title={props.title}
      size="md"
      data-testid="reassign-dialog"
      onSave={submit}
      busy={form.busy}
      saveLabel={props.submitLabel ?? 'ReAssign'}
      saveColor="red"
      saveTestId="reassign-submit"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{props.note}</Text>
        <Controller
          control={form.control}
          name="assignId"
          render={({ field, fieldState }) => (
            <Select
              label={props.label}
              withAsterisk
              placeholder={props.placeholder}
              data={props.options}
              value={field.value ? String(field.value) : null}
              onChange={(v) => field.onChange(v ? Number(v) : undefined)}
              onBlur={field.onBlur}
              searchable
              nothingFoundMessage="Nothing found"
              error={fieldState.error?.message}
              comboboxProps={{ withinPortal: true, zIndex: 4000 }}
              data-testid="reassign-select"
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
