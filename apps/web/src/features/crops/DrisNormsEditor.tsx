import { ActionIcon, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, Controller, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { type CropUpsertDataInput, DRIS_NORM_UNITS, apiFeatures } from '@sapwood/contracts';
import { NumericInput } from '../../components/ui/NumericInput';
import { PagedPickList } from '../../components/ui/PagedPickList';
import { useEndpointCall, useEndpointQuery } from '../../lib/query';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormControl = Control<CropUpsertDataInput, any, any>;
interface EditorProps {
  control: FormControl;
  register: UseFormRegister<CropUpsertDataInput>;
  errorOf: (path: string) => string | undefined;
}

/**
 * A crop's DRIS norms: per formula graph (picked from /drisgraphs), Selected, the units its norms were published
 * in (of the elements the lab reports in %, and in mg/kg: a mean depends on them), and rows of expression, mean
 * and CV (a percent).
 */
export function DrisNormsEditor(props: EditorProps) {
  const graphs = useFieldArray({ control: props.control, name: 'drisGraphs' });
  const names = useEndpointQuery(apiFeatures.drisgraphs.getAll, {}).data?.map((g) => g.name) ?? [];
  const getCrop = useEndpointCall(apiFeatures.crops.get);
  return (
    <Stack gap="xs">
      {graphs.fields.length === 0 && <Text size="sm" c="dimmed" data-testid="dris-empty">No graphs to show</Text>}
      {graphs.fields.map((f, i) => (
        <Stack key={f.id} gap={4} p={6} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }}>
          <Group gap="xs" align="flex-end">
            <Controller control={props.control} name={`drisGraphs.${i}.graphName`} render={({ field, fieldState }) => (
              <Select size="xs" label="Formula graph" w={260} searchable limit={200} data={[...new Set([...names, field.value].filter((x): x is string => !!x))]}
                value={field.value || null} onChange={(v) => field.onChange(v ?? '')} error={fieldState.error?.message ?? props.errorOf(`drisGraphs.${i}.graphName`)}
                comboboxProps={{ withinPortal: true }} aria-label={`DRIS graph ${i + 1}`} />
            )} />
            <Controller control={props.control} name={`drisGraphs.${i}.selected`} render={({ field }) => (
              <Checkbox size="xs" mb={6} label="Selected" checked={!!field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
            )} />
            <ActionIcon variant="subtle" color="red" mb={2} aria-label={`Remove DRIS graph ${i + 1}`} onClick={() => graphs.remove(i)}><IconTrash size={14} /></ActionIcon>
          </Group>
          <Group gap="xs" align="flex-end">
            {([['macro', 'N, P, K, Ca, Mg, S, Na% in'], ['micro', 'Na, Fe, Mn, Zn, Cu, B, Mo, Ni in']] as const).map(([part, label]) => (
              <Controller key={part} control={props.control} name={`drisGraphs.${i}.units.${part}`} render={({ field }) => (
                <Select size="xs" w={200} label={label} data={[...DRIS_NORM_UNITS]} allowDeselect={false} value={field.value ?? (part === 'macro' ? '%' : 'mg/kg')}
                  onChange={(v) => field.onChange(v)} comboboxProps={{ withinPortal: true }} data-testid={`dris-units-${i}-${part}`} aria-label={`DRIS graph ${i + 1} units ${part}`} />
              )} />
            ))}
          </Group>
          <DrisRows {...props} index={i} />
        </Stack>
      ))}
      <Group align="flex-end">
        <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} onClick={() => graphs.append({ id: 0, graphName: '', selected: true, units: { macro: '%', micro: 'mg/kg' }, rows: [] })} data-testid="dris-add-graph">DRIS graph</Button>
        <PagedPickList endpoint={apiFeatures.crops.pagedCropGraphs} label="Copy a DRIS graph from a crop" placeholder="Search a crop or a graph" testId="dris-copy-graph"
          option={(r) => ({ value: String(r.id), label: `${r.cropName}: ${r.graphName}${r.selected ? '' : ' (not selected)'}` })}
          onPick={async (r) => {
            const g = (await getCrop({ id: r.cropId })).drisGraphs.find((x) => x.id === r.id);
            if (g) graphs.append({ ...g, id: 0, confirmed: [] } as never);
          }} />
      </Group>
    </Stack>
  );
}

function DrisRows(props: EditorProps & { index: number }) {
  const at = `drisGraphs.${props.index}.rows` as const;
  const rows = useFieldArray({ control: props.control, name: at });
  return (
    <>
      <Table withTableBorder>
        <Table.Thead><Table.Tr><Table.Th>Expression</Table.Th><Table.Th w={110}>Mean</Table.Th><Table.Th w={110}>CV (%)</Table.Th><Table.Th w={36} /></Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.fields.map((f, j) => (
            <Table.Tr key={f.id}>
              <Table.Td><TextInput size="xs" placeholder="N/P" aria-label={`Norm ${j + 1} expression`} {...props.register(`${at}.${j}.expression`)} error={props.errorOf(`${at}.${j}.expression`)} /></Table.Td>
              {(['mean', 'cv'] as const).map((p) => (
                <Table.Td key={p}>
                  <Controller control={props.control} name={`${at}.${j}.${p}`} render={({ field }) => (
                    <NumericInput size="xs" aria-label={`Norm ${j + 1} ${p}`} value={(field.value as number | null | undefined) ?? null} onChange={field.onChange}
                      onInvalidChange={(invalid) => { if (invalid) field.onChange(Number.NaN); }} error={props.errorOf(`${at}.${j}.${p}`)} data-testid={`dris-${props.index}-${j}-${p}`} />
                  )} />
                </Table.Td>
              ))}
              <Table.Td><ActionIcon variant="subtle" color="red" aria-label={`Remove norm ${j + 1}`} onClick={() => rows.remove(j)}><IconTrash size={14} /></ActionIcon></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group><Button size="compact-xs" variant="subtle" leftSection={<IconPlus size={12} />} onClick={() => rows.append({ expression: '', mean: 0, cv: 0 })}>Norm</Button></Group>
    </>
  );
}
