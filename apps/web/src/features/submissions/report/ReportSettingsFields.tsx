import { Alert, Checkbox, Group, Input, SegmentedControl, Select, SimpleGrid, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { FARMERS_REPORT_TITLES, GRAPH_TYPES, ORGAN_TYPES, ORGAN_TYPE_LABELS } from '@sapwood/contracts';
import { type Control, Controller, type FieldPath, useWatch } from 'react-hook-form';
import { FormCheckbox, FormIdSelect, type IdOption } from '../../../components/ui/form/FormFields';
import { formatDate } from '../../../lib/format';
import type { ContractForm } from '../../../lib/useContractForm';
import type { z } from 'zod';
import type { ReportView } from './settings';

/** The Report Settings form of either kind: the update call's input, one report per submission, its fields named by path. */
export type SettingsValues = { reports: Record<string, unknown>[] };
export type SettingsForm = ContractForm<z.ZodType<SettingsValues, SettingsValues>>;
type Name = FieldPath<SettingsValues>;
type Ctl = Control<SettingsValues, unknown, SettingsValues>;

/** The pick lists of the header. */
export interface ReportLists {
  languages: IdOption[];
  agronomists: IdOption[];
  agents: IdOption[];
  distributors: IdOption[];
  addresses: IdOption[];
}

/** The header's names that differ by kind (leaf `agentId`, farmers `agent`…). */
export interface HeaderNames {
  agent: string;
  distributor: string;
  address: string;
}

const LEAF_OPTIONS = [
  ['includeSummary', 'Include summary'], ['includeIndex', 'Include index'], ['includeGuidelines', 'Include guidelines'],
  ['includeDrisGraphs', 'Include DRIS graphs'], ['includeCultivarLabels', 'Include cultivar labels'], ['excludeNa', 'Exclude N/A'], ['includeSanas', 'SANAS'],
] as const;
const ORGANS = ORGAN_TYPES.map((o) => ({ value: o, label: ORGAN_TYPE_LABELS[o] }));

interface HeaderProps {
  form: SettingsForm;
  index: number;
  leaf: boolean;
  names: HeaderNames;
  lists: ReportLists;
}

/** A report's header: Language, Client Name, Farm Name, Agronomist, Agent, Distributor, Address; for leaf the graph type and what to include. */
export function ReportHeaderFields({ form, index, leaf, names, lists }: HeaderProps) {
  const at = (field: string) => `reports.${index}.${field}` as Name;
  const control = form.control as Ctl;
  const pick = (field: string, label: string, options: IdOption[], placeholder = 'None') => (
    <FormIdSelect control={control} name={at(field)} label={label} options={options} empty={undefined} placeholder={placeholder}
      size="xs" searchable clearable comboboxProps={{ withinPortal: true }} data-testid={`report-${label.toLowerCase()}-${index}`} />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" verticalSpacing={4}>
        {pick('languageId', 'Language', lists.languages, 'English')}
        <TextInput size="xs" label="Client Name" {...form.text(at('clientName'))} data-testid={`report-client-${index}`} />
        <TextInput size="xs" label="Farm Name" {...form.text(at('farmName'))} data-testid={`report-farm-${index}`} />
        {pick('agronomistId', 'Agronomist', lists.agronomists)}
        {pick(names.agent, 'Agent', lists.agents)}
        {pick(names.distributor, 'Distributor', lists.distributors)}
        {pick(names.address, 'Address', lists.addresses)}
      </SimpleGrid>
      {leaf && (
        <Group gap="md" mt="xs" align="flex-end">
          <Input.Wrapper label="Graph type" size="xs">
            <Controller control={control} name={at('graphType')} render={({ field }) => (
              <SegmentedControl size="xs" data={[...GRAPH_TYPES]} value={String(field.value)} onChange={field.onChange} display="flex" data-testid={`report-graph-${index}`} />
            )} />
          </Input.Wrapper>
          {LEAF_OPTIONS.map(([field, label]) => <FormCheckbox key={field} control={control} name={at(field)} label={label} size="xs" mb={6} />)}
        </Group>
      )}
    </>
  );
}

interface SamplesProps {
  form: SettingsForm;
  index: number;
  leaf: boolean;
  view: ReportView;
}

/**
 * A report's samples: select, sample, date, block and whether a result matched it; for leaf also its organ type
 * and whether its image is left out. The call's message about the choice shows under the table, an organ type's
 * on its row; below, the lab sample numbers not in the report.
 */
export function ReportSampleTable({ form, index, leaf, view }: SamplesProps) {
  const control = form.control as Ctl;
  const listName = `reports.${index}.samples` as Name;
  const choices = (useWatch({ control, name: listName }) ?? []) as { selected?: boolean }[];
  const all = choices.length > 0 && choices.every((c) => c.selected);
  const some = choices.some((c) => c.selected);
  const at = (j: number, field: string) => `reports.${index}.samples.${j}.${field}` as Name;
  // a change of the choice makes the call's last word about it stale
  const choose = (j: number | 'all', on: boolean) => {
    if (j === 'all') form.setValue(listName, choices.map((c) => ({ ...c, selected: on })), { shouldDirty: true });
    else form.setValue(at(j, 'selected'), on, { shouldDirty: true });
    form.clearErrors(listName);
  };
  const message = form.getFieldState(listName, form.formState).error?.message;
  const tableError = typeof message === 'string' ? message : undefined;
  return (
    <>
      <Table withTableBorder fz="xs" verticalSpacing={2} horizontalSpacing={6} mt="sm" data-testid={`report-samples-${index}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={30}>
              <Checkbox size="xs" aria-label="Select every sample" checked={all} indeterminate={some && !all}
                onChange={(e) => choose('all', e.currentTarget.checked)} />
            </Table.Th>
            <Table.Th>Sample</Table.Th><Table.Th>Date</Table.Th><Table.Th>Block</Table.Th><Table.Th>Matched</Table.Th>
            {leaf && <><Table.Th>Organ type</Table.Th><Table.Th>Exclude image</Table.Th></>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {view.samples.map((s, j) => (
            <Table.Tr key={s.id} data-testid="report-sample-row" data-sample={s.sample}>
              <Table.Td>
                <Checkbox size="xs" aria-label={`Select ${s.sample}`} checked={!!choices[j]?.selected} onChange={(e) => choose(j, e.currentTarget.checked)} />
              </Table.Td>
              <Table.Td>{s.sample}</Table.Td>
              <Table.Td>{formatDate(s.date)}</Table.Td>
              <Table.Td>{s.blockNumber}</Table.Td>
              <Table.Td data-matched={s.matched}>
                <Tooltip label={s.matched ? 'A result matched this sample' : s.noResult ?? 'No result matched this sample'} multiline maw={360}>
                  {s.matched
                    ? <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-label="matched" />
                    : <IconCircleX size={16} color="var(--mantine-color-gray-5)" aria-label={s.noResult ? `not matched: ${s.noResult}` : 'not matched'} />}
                </Tooltip>
                {/* a sample without a result says why, as the lab result view does (ADR 0252) */}
                {!s.matched && s.noResult && <Text span size="xs" c="dimmed" ml={4} data-testid="report-sample-no-result">{s.noResult}</Text>}
              </Table.Td>
              {leaf && (
                <>
                  <Table.Td>
                    <Controller control={control} name={at(j, 'organTypeEnum')} render={({ field, fieldState }) => (
                      <Select size="xs" w={190} aria-label={`Organ type of ${s.sample}`} data={ORGANS} value={(field.value as string | undefined) ?? null}
                        allowDeselect={false} error={fieldState.error?.message} comboboxProps={{ withinPortal: true }} onChange={(v) => field.onChange(v ?? undefined)} />
                    )} />
                  </Table.Td>
                  <Table.Td><FormCheckbox control={control} name={at(j, 'excludeImage')} size="xs" aria-label={`Exclude image of ${s.sample}`} /></Table.Td>
                </>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {tableError && (leaf || !FARMERS_REPORT_TITLES[tableError]
        ? <Text size="xs" c="red" mt={4} role="alert" data-testid={`report-samples-error-${index}`}>{tableError}</Text>
        // the farmers' messages carry their titles (spec part 2 §5)
        : (
          <Alert color="red" p={6} mt={4} role="alert" data-testid={`report-samples-error-${index}`} title={FARMERS_REPORT_TITLES[tableError]}>
            <Text size="xs">{tableError}</Text>
          </Alert>
        ))}
      <Text size="xs" c="dimmed" mt={6} data-testid={`report-extra-${index}`}>
        Lab sample numbers not in the report: {view.extraSampleNumbers.length ? view.extraSampleNumbers.join(', ') : 'none'}
      </Text>
    </>
  );
}
