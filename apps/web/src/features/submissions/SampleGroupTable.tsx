import { ActionIcon, Checkbox, MultiSelect, Select, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { ORGAN_TYPES, ORGAN_TYPE_LABELS, type OrganType, isMultiCellPaste } from '@sapwood/contracts';
import type { KeyboardEvent } from 'react';
import type { DraftRow, NameChoices } from './draft';
import type { SubmissionKind } from './kind';

export type GroupChoices = NameChoices;

interface Props {
  kind: SubmissionKind;
  index: number;
  rows: DraftRow[];
  choices: GroupChoices;
  /** messages by field path ('samples.0.2.sampleNumber', 'samples.0' for the group) */
  errors: Record<string, string>;
  onChange: (row: number, change: Partial<DraftRow>) => void;
  onRemove: (row: number) => void;
  /** text of several lines or cells pasted into a row's sample number: it fills that row and the ones after */
  onPasteRows: (row: number, text: string) => void;
  /** a text cell's keyboard (the entry-grid engine's: Enter down the column, the arrows between rows), ref and test id */
  cell: (row: number, column: PrepareColumn) => CellProps;
}

export type PrepareColumn = 'sampleNumber' | 'blockNumber' | 'growthStage' | 'notes';
export interface CellProps {
  ref: (el: HTMLInputElement | null) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  'data-testid': string;
}

const ORGANS = ORGAN_TYPES.map((o) => ({ value: o, label: ORGAN_TYPE_LABELS[o] }));

/**
 * One sample group of the Prepare Submission dialog: Select, Sample Number, Block, (leaf) Crop, Cultivars,
 * Growth phase, Organ type, Tests, Optional Tests, notes; − marks a row deleted (+ restores it), a row not
 * from an entry can be removed outright. Each message shows on its row and field. The widths fit the dialog in a
 * 1400 px window, notes and the row's button in view (issue 34).
 */
export function SampleGroupTable({ kind, index, rows, choices, errors, onChange, onRemove, onPasteRows, cell }: Props) {
  const err = (r: number, f: string) => errors[`samples.${index}.${r}.${f}`];
  return (
    <>
      <Text size="sm" fw={500} mt="xs">Group {index + 1}</Text>
      {errors[`samples.${index}`] && <Text size="xs" c="red" data-testid={`group-error-${index}`}>{errors[`samples.${index}`]}</Text>}
      <Table.ScrollContainer minWidth={900} type="native">
      <Table withTableBorder fz="xs" verticalSpacing={2} horizontalSpacing={4} data-testid={`sample-group-${index}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={30} /><Table.Th>Sample Number</Table.Th><Table.Th>Block</Table.Th>
            {kind === 'leaf' && <><Table.Th>Crop</Table.Th><Table.Th>Cultivars</Table.Th><Table.Th>Growth phase</Table.Th><Table.Th>Organ type</Table.Th></>}
            <Table.Th>Tests</Table.Th><Table.Th>Optional Tests</Table.Th><Table.Th>notes</Table.Th><Table.Th w={32} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, r) => {
            const crop = choices.crops.find((c) => c.value === String(row.cropId));
            const label = row.sampleNumber || `row ${r + 1}`;
            return (
              <Table.Tr key={row.key} style={row.delete ? { opacity: 0.45, textDecoration: 'line-through' } : undefined} data-testid="sample-row">
                <Table.Td><Checkbox size="xs" aria-label={`Select ${label}`} checked={row.selected} onChange={(e) => onChange(r, { selected: e.currentTarget.checked })} /></Table.Td>
                <Table.Td><TextInput size="xs" w={90} {...cell(r, 'sampleNumber')} aria-label={`Sample Number of row ${r + 1}`} value={row.sampleNumber} error={err(r, 'sampleNumber')}
                  onChange={(e) => onChange(r, { sampleNumber: e.currentTarget.value })}
                  onPaste={(e) => {
                    const text = e.clipboardData.getData('text/plain');
                    if (!isMultiCellPaste(text)) return;
                    e.preventDefault();
                    onPasteRows(r, text);
                  }} /></Table.Td>
                <Table.Td><TextInput size="xs" w={60} {...cell(r, 'blockNumber')} aria-label={`Block of ${label}`} value={row.blockNumber} error={err(r, 'blockNumber')} onChange={(e) => onChange(r, { blockNumber: e.currentTarget.value })} /></Table.Td>
                {kind === 'leaf' && (
                  <>
                    <Table.Td>
                      <Select size="xs" w={110} aria-label={`Crop of ${label}`} data={choices.crops} value={row.cropId > 0 ? String(row.cropId) : null} searchable error={err(r, 'cropId')}
                        comboboxProps={{ withinPortal: true }} onChange={(v) => onChange(r, { cropId: v ? Number(v) : 0, cultivars: [] })} />
                    </Table.Td>
                    <Table.Td>
                      <MultiSelect size="xs" w={130} aria-label={`Cultivars of ${label}`} data={crop?.cultivars ?? []} value={row.cultivars.map(String)} searchable error={err(r, 'cultivars')}
                        comboboxProps={{ withinPortal: true }} onChange={(v) => onChange(r, { cultivars: v.map(Number) })} />
                    </Table.Td>
                    <Table.Td><TextInput size="xs" w={90} {...cell(r, 'growthStage')} aria-label={`Growth phase of ${label}`} value={row.growthStage} error={err(r, 'growthStage')} onChange={(e) => onChange(r, { growthStage: e.currentTarget.value })} /></Table.Td>
                    <Table.Td>
                      <Select size="xs" w={150} aria-label={`Organ type of ${label}`} data={ORGANS} value={row.organTypeEnum} allowDeselect={false} error={err(r, 'organTypeEnum')}
                        comboboxProps={{ withinPortal: true }} onChange={(v) => v && onChange(r, { organTypeEnum: v as OrganType })} />
                    </Table.Td>
                  </>
                )}
                <Table.Td>
                  <Select size="xs" w={140} aria-label={`Test of ${label}`} data={choices.tests} value={row.test || null} searchable error={err(r, 'test')}
                    comboboxProps={{ withinPortal: true }} onChange={(v) => onChange(r, { test: v ?? '' })} />
                </Table.Td>
                <Table.Td>
                  <MultiSelect size="xs" w={140} aria-label={`Optional tests of ${label}`} data={choices.optional} value={row.optionalTests} searchable error={err(r, 'optionalTests')}
                    comboboxProps={{ withinPortal: true }} onChange={(v) => onChange(r, { optionalTests: v })} />
                </Table.Td>
                <Table.Td><TextInput size="xs" w={100} {...cell(r, 'notes')} aria-label={`Notes of ${label}`} value={row.notes} onChange={(e) => onChange(r, { notes: e.currentTarget.value })} /></Table.Td>
                <Table.Td>
                  {row.testDataId === 0
                    ? <Tooltip label="remove"><ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={() => onRemove(r)}><IconTrash size={14} /></ActionIcon></Tooltip>
                    : row.delete
                      ? <Tooltip label="restore"><ActionIcon size="sm" variant="subtle" aria-label={`Restore ${label}`} onClick={() => onChange(r, { delete: false })}><IconPlus size={14} /></ActionIcon></Tooltip>
                      : <Tooltip label="mark deleted"><ActionIcon size="sm" variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={() => onChange(r, { delete: true })}><IconMinus size={14} /></ActionIcon></Tooltip>}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      </Table.ScrollContainer>
    </>
  );
}
