import { ActionIcon, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { ELEMENTS, FormulaGraphInsert, type FormulaGraphRecord, apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';

const ep = apiFeatures.drisgraphs;
const ELEMENT_OPTIONS = ELEMENTS.map((e) => ({ value: e, label: e }));

/**
 * Add or edit a formula graph: name, alternate function, relationships [name, expression] and values
 * [element, expression]. The contract's schema checks every expression (the server runs the same code),
 * so a mistake shows at its field with its position; the save says 'success' or the server's message.
 */
export function FormulaGraphDialog(props: { graph: FormulaGraphRecord | null; onClose: () => void }) {
  const { graph } = props;
  const form = useContractForm(FormulaGraphInsert, {
    defaultValues: {
      name: graph?.name ?? '',
      alternateFunction: graph?.alternateFunction ?? false,
      formula: graph?.formula ?? { relationships: [], values: [] },
    },
    fields: ['name', 'alternateFunction', 'formula'],
  });
  const relationships = useFieldArray({ control: form.control, name: 'formula.relationships' });
  const values = useFieldArray({ control: form.control, name: 'formula.values' });
  const insert = useEndpointMutation(ep.insert, { invalidates: [ep], onError: false });
  const update = useEndpointMutation(ep.update, { invalidates: [ep], onError: false });
  const submit = () =>
    form.submit((v) => (graph ? update.mutateAsync({ ...v, id: graph.id, rowVersion: graph.rowVersion }) : insert.mutateAsync(v)), {
      success: (r) => r.message,
      onSaved: props.onClose,
    });

  return (
    <ContractFormDialog form={form} testId="graph" onClose={props.onClose} title={graph ? 'Edit graph' : 'New graph'} size="xl" onSave={submit}>
      <Stack gap="sm">
        <Group align="flex-end">
          <TextInput label="Graph name" withAsterisk {...form.text('name')} data-autofocus data-testid="graph-name" style={{ flex: 1 }} />
          <Controller
            control={form.control}
            name="alternateFunction"
            render={({ field }) => (
              <Checkbox label="Alternate function" checked={!!field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} mb={8} data-testid="graph-alternate" />
            )}
          />
        </Group>
        <FormulaRows title="Relationships" first="Name" testId="graph-relationships" add={{ label: 'Relationship', testId: 'graph-add-relationship', onClick: () => relationships.append({ name: '', expression: '' }) }}
          empty={relationships.fields.length === 0 && <Table.Tr><Table.Td colSpan={3} c="dimmed" ta="center">No relationships yet</Table.Td></Table.Tr>}>
          {relationships.fields.map((f, i) => (
            <Table.Tr key={f.id}>
              <Table.Td><TextInput size="xs" aria-label={`Relationship ${i + 1} name`} {...form.text(`formula.relationships.${i}.name`)} /></Table.Td>
              <Table.Td><TextInput size="xs" aria-label={`Relationship ${i + 1} expression`} placeholder="e.g. N/P" {...form.text(`formula.relationships.${i}.expression`)} /></Table.Td>
              <RemoveCell label={`Remove relationship ${i + 1}`} onClick={() => relationships.remove(i)} />
            </Table.Tr>
          ))}
        </FormulaRows>
        <FormulaRows title="Values" first="Element" testId="graph-values" add={{ label: 'Value', testId: 'graph-add-value', onClick: () => values.append({ element: '', expression: '' }) }}
          empty={values.fields.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3} ta="center" c={form.errorOf('formula.values') ? 'red' : 'dimmed'} data-testid="graph-values-empty">
                {form.errorOf('formula.values') ?? 'No values yet'}
              </Table.Td>
            </Table.Tr>
          )}>
          {values.fields.map((f, i) => (
            <Table.Tr key={f.id}>
              <Table.Td>
                <Controller
                  control={form.control}
                  name={`formula.values.${i}.element`}
                  render={({ field, fieldState }) => (
                    <Select size="xs" aria-label={`Value ${i + 1} element`} data={ELEMENT_OPTIONS} searchable value={field.value || null}
                      onChange={(v) => field.onChange(v ?? '')} onBlur={field.onBlur} ref={field.ref} error={fieldState.error?.message}
                      comboboxProps={{ withinPortal: true }} />
                  )}
                />
              </Table.Td>
              <Table.Td><TextInput size="xs" aria-label={`Value ${i + 1} expression`} placeholder="e.g. (NP + NK) / 2" {...form.text(`formula.values.${i}.expression`)} /></Table.Td>
              <RemoveCell label={`Remove value ${i + 1}`} onClick={() => values.remove(i)} />
            </Table.Tr>
          ))}
        </FormulaRows>
      </Stack>
    </ContractFormDialog>
  );
}

/** A formula's rows (a name or element, its expression, remove) under their title, with the add button below. */
function FormulaRows(props: { title: string; first: string; testId: string; empty: ReactNode; add: { label: string; testId: string; onClick: () => void }; children: ReactNode }) {
  return (
    <>
      <Text fw={600} size="sm">{props.title}</Text>
      <Table withTableBorder data-testid={props.testId}>
        <Table.Thead><Table.Tr><Table.Th w={180}>{props.first}</Table.Th><Table.Th>Expression</Table.Th><Table.Th w={40} /></Table.Tr></Table.Thead>
        <Table.Tbody>
          {props.children}
          {props.empty}
        </Table.Tbody>
      </Table>
      <Group>
        <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} onClick={props.add.onClick} data-testid={props.add.testId}>{props.add.label}</Button>
      </Group>
    </>
  );
}

function RemoveCell({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Table.Td>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick}><IconTrash size={14} /></ActionIcon>
    </Table.Td>
  );
}
