import { ActionIcon, Checkbox, MultiSelect, Select, Table, TextInput, Text, Tooltip } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { ORGAN_TYPES, ORGAN_TYPE_LABELS, type OrganType, captureLabProblem, isMultiCellPaste } from '@sapwood/contracts';
import { type KeyboardEvent, memo, useRef, useState } from 'react';
import type { CellRegistry } from '../../components/ui/grid/gridNav';
import { type GridValues, useGridValue } from '../../components/ui/grid/gridValues';
import { useGridWindow } from '../../components/ui/grid/gridWindow';
import { type DraftRow, type NameChoices, rowTestChoices } from './draft';
import type { SubmissionKind } from './kind';

export type GroupChoices = NameChoices;

interface Props {
  kind: SubmissionKind;
  index: number;
  /** the group's rows: their indexes in the grid's rows, in order, and their keys */
  rows: number[];
  keys: string[];
  /** the grid's values, watched per row (the engine's `live`) */
  live: GridValues;
  /** the grid's cells (the keyboard; a long group renders the rows in view, gridWindow.ts) */
  cells: CellRegistry<PrepareColumn | PrepareList>;
  choices: GroupChoices;
  /** messages by field path ('samples.0.2.sampleNumber', 'samples.0' for the group) */
  errors: Record<string, string>;
  /** the Submission Lab chosen, and the lab each row's capture shows by its id (ADR 0251): a row the lab does not take is marked */
  lab: string;
  captureLabs: ReadonlyMap<number, string>;
  /** a change of the row at index `i` of the grid's rows */
  onChange: (i: number, change: Partial<DraftRow>) => void;
  onRemove: (i: number) => void;
  /** text of several lines or cells pasted into the sample number of the group's row `row`: it fills that row and the ones after */
  onPasteRows: (row: number, text: string) => void;
  /** a text cell's keyboard (the entry-grid engine's: Enter down the column, the arrows between rows), ref and test id, by index in the grid's rows */
  cell: (i: number, column: PrepareColumn) => CellProps;
  /** a list's input as its `ref` (in the engine's cell registry: a refused Submit focuses it), by index in the grid's rows */
  list: (i: number, field: PrepareList) => (el: HTMLInputElement | null) => void;
}

export type PrepareColumn = 'sampleNumber' | 'blockNumber' | 'growthStage' | 'notes';
/** a row's lists (a choice, not text: not in the keyboard's columns) */
export type PrepareList = 'cropId' | 'cultivars' | 'organTypeEnum' | 'test' | 'optionalTests';
export interface CellProps {
  ref: (el: HTMLInputElement | null) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  'data-testid': string;
}

const ORGANS = ORGAN_TYPES.map((o) => ({ value: o, label: ORGAN_TYPE_LABELS[o] }));
/** a row's height as drawn (Mantine's xs inputs), before it is measured */
const ROW_HEIGHT = 35;

type RowActions = Pick<Props, 'onChange' | 'onRemove' | 'onPasteRows' | 'cell' | 'list'>;

/**
 * One sample group of the Prepare Submission dialog: Select, Sample Number, Lab (its capture's, read-only), Block, (leaf) Crop, Cultivars,
 * Growth phase, Organ type, Tests, Optional Tests, notes; − marks a row deleted (+ restores it), a row not
 * from an entry can be removed outright. Each message shows on its row and field. The widths fit the dialog in a
 * 1400 px window, notes and the row's button in view (issue 34).
 */
export function SampleGroupTable(props: Props) {
  const { kind, index, rows, keys, live, cells, choices, errors, lab, captureLabs } = props;
  // the rows are memoized: their callbacks stay the same, calling the latest of the dialog's
  const latest = useRef<RowActions>(props);
  latest.current = props;
  const [act] = useState<RowActions>(() => ({
    onChange: (i, change) => latest.current.onChange(i, change),
    onRemove: (i) => latest.current.onRemove(i),
    onPasteRows: (r, text) => latest.current.onPasteRows(r, text),
    cell: (i, column) => latest.current.cell(i, column),
    list: (i, field) => latest.current.list(i, field),
  }));
  const scroller = useRef<HTMLDivElement>(null);
  const { slots, measure } = useGridWindow({ count: rows.length, scroller, cells, rowHeight: ROW_HEIGHT, rows });
  const columns = kind === 'leaf' ? 12 : 8;
  const table = (
    <Table withTableBorder fz="xs" verticalSpacing={2} horizontalSpacing={4} miw={measure ? 900 : undefined} data-testid={`sample-group-${index}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={30} /><Table.Th>Sample Number</Table.Th><Table.Th>Lab</Table.Th><Table.Th>Block</Table.Th>
          {kind === 'leaf' && <><Table.Th>Crop</Table.Th><Table.Th>Cultivars</Table.Th><Table.Th>Growth phase</Table.Th><Table.Th>Organ type</Table.Th></>}
          <Table.Th>Tests</Table.Th><Table.Th>Optional Tests</Table.Th><Table.Th>notes</Table.Th><Table.Th w={32} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slots.map((s) => ('row' in s
          ? <PrepareRowView key={keys[s.row]} kind={kind} g={index} r={s.row} i={rows[s.row]} live={live} choices={choices} errors={errors} lab={lab} captureLabs={captureLabs} act={act} measure={measure} />
          // the rows not rendered (out of view): their height, so the scroll bar stays the whole group's
          : <tr key={s.key} aria-hidden="true"><td colSpan={columns} style={{ height: s.gap, padding: 0, border: 0 }} /></tr>))}
      </Table.Tbody>
    </Table>
  );
  return (
    <>
      <Text size="sm" fw={500} mt="xs">Group {index + 1}</Text>
      {errors[`samples.${index}`] && <Text size="xs" c="red" data-testid={`group-error-${index}`}>{errors[`samples.${index}`]}</Text>}
      {measure
        // a long group scrolls itself, and renders the rows in view (ADR 0230)
        ? <div ref={scroller} style={{ overflow: 'auto', maxHeight: '60vh' }}>{table}</div>
        : <Table.ScrollContainer minWidth={900} type="native">{table}</Table.ScrollContainer>}
    </>
  );
}

const NONE: never[] = [];

/**
 * the row's values it draws, each watched through the engine's one subscription (a key typed re-renders this row
 * only); a row just removed reads nothing until its group drops it
 */
function useDraftRow(live: GridValues, i: number): DraftRow {
  const at = `rows.${i}`;
  return {
    key: useGridValue(live, `${at}.key`),
    testDataId: useGridValue(live, `${at}.testDataId`),
    selected: useGridValue(live, `${at}.selected`),
    sampleNumber: useGridValue(live, `${at}.sampleNumber`),
    blockNumber: useGridValue(live, `${at}.blockNumber`),
    cropId: useGridValue(live, `${at}.cropId`),
    cultivars: useGridValue(live, `${at}.cultivars`) ?? NONE,
    growthStage: useGridValue(live, `${at}.growthStage`),
    organTypeEnum: useGridValue(live, `${at}.organTypeEnum`),
    test: useGridValue(live, `${at}.test`),
    optionalTests: useGridValue(live, `${at}.optionalTests`) ?? NONE,
    notes: useGridValue(live, `${at}.notes`),
    delete: useGridValue(live, `${at}.delete`),
  } as DraftRow;
}

/** One row of a group: row `r` of group `g`, index `i` in the grid's rows. */
const PrepareRowView = memo(function PrepareRowView({ kind, g, r, i, live, choices, errors, lab, captureLabs, act, measure }: {
  kind: SubmissionKind; g: number; r: number; i: number; live: GridValues; choices: GroupChoices; errors: Record<string, string>;
  lab: string; captureLabs: ReadonlyMap<number, string>; act: RowActions; measure?: (el: HTMLTableRowElement | null) => void;
}) {
  const row = useDraftRow(live, i);
  // the capture's lab, and (the row not marked deleted) why the chosen lab does not take it: the server's rule, at the sample number as it says it
  const captureLab = row.testDataId > 0 ? captureLabs.get(row.testDataId) : undefined;
  const otherLab = row.delete ? null : captureLabProblem(captureLab, lab);
  const err = (f: string) => errors[`samples.${g}.${r}.${f}`] ?? (f === 'sampleNumber' ? otherLab ?? undefined : undefined);
  const onChange = (change: Partial<DraftRow>) => act.onChange(i, change);
  const crop = choices.crops.find((c) => c.value === String(row.cropId));
  const label = row.sampleNumber || `row ${r + 1}`;
  return (
    <Table.Tr style={row.delete ? { opacity: 0.45, textDecoration: 'line-through' } : undefined} data-testid="sample-row" data-index={r} ref={measure}>
      <Table.Td><Checkbox size="xs" aria-label={`Select ${label}`} checked={row.selected} onChange={(e) => onChange({ selected: e.currentTarget.checked })} /></Table.Td>
      <Table.Td><TextInput size="xs" w={90} {...act.cell(i, 'sampleNumber')} aria-label={`Sample Number of row ${r + 1}`} value={row.sampleNumber} error={err('sampleNumber')}
        onChange={(e) => onChange({ sampleNumber: e.currentTarget.value })}
        onPaste={(e) => {
          const text = e.clipboardData.getData('text/plain');
          if (!isMultiCellPaste(text)) return;
          e.preventDefault();
          act.onPasteRows(r, text);
        }} /></Table.Td>
      <Table.Td><Text size="xs" w={52} c={otherLab ? 'red' : undefined} title={otherLab ?? undefined} data-testid={`prepare-lab-${i}`} data-other-lab={otherLab ? 'true' : undefined}>{captureLab?.trim() || '—'}</Text></Table.Td>
      <Table.Td><TextInput size="xs" w={60} {...act.cell(i, 'blockNumber')} aria-label={`Block of ${label}`} value={row.blockNumber} error={err('blockNumber')} onChange={(e) => onChange({ blockNumber: e.currentTarget.value })} /></Table.Td>
      {kind === 'leaf' && (
        <>
          <Table.Td>
            <Select size="xs" w={110} ref={act.list(i, 'cropId')} aria-label={`Crop of ${label}`} data={choices.crops} value={row.cropId > 0 ? String(row.cropId) : null} searchable error={err('cropId')}
              comboboxProps={{ withinPortal: true }} onChange={(v) => onChange({ cropId: v ? Number(v) : 0, cultivars: [] })} />
          </Table.Td>
          <Table.Td>
            <MultiSelect size="xs" w={130} ref={act.list(i, 'cultivars')} aria-label={`Cultivars of ${label}`} data={crop?.cultivars ?? []} value={row.cultivars.map(String)} searchable error={err('cultivars')}
              comboboxProps={{ withinPortal: true }} onChange={(v) => onChange({ cultivars: v.map(Number) })} />
          </Table.Td>
          <Table.Td><TextInput size="xs" w={84} {...act.cell(i, 'growthStage')} aria-label={`Growth phase of ${label}`} value={row.growthStage} error={err('growthStage')} onChange={(e) => onChange({ growthStage: e.currentTarget.value })} /></Table.Td>
          <Table.Td>
            <Select size="xs" w={150} ref={act.list(i, 'organTypeEnum')} aria-label={`Organ type of ${label}`} data={ORGANS} value={row.organTypeEnum} allowDeselect={false} error={err('organTypeEnum')}
              comboboxProps={{ withinPortal: true }} onChange={(v) => v && onChange({ organTypeEnum: v as OrganType })} />
          </Table.Td>
        </>
      )}
      <Table.Td>
        <Select size="xs" w={140} ref={act.list(i, 'test')} aria-label={`Test of ${label}`} data={rowTestChoices(choices.offered, row.test)} value={row.test || null} searchable error={err('test')}
          comboboxProps={{ withinPortal: true }} onChange={(v) => onChange({ test: v ?? '' })} />
      </Table.Td>
      <Table.Td>
        <MultiSelect size="xs" w={130} ref={act.list(i, 'optionalTests')} aria-label={`Optional tests of ${label}`} data={choices.optional} value={row.optionalTests} searchable error={err('optionalTests')}
          comboboxProps={{ withinPortal: true }} onChange={(v) => onChange({ optionalTests: v })} />
      </Table.Td>
      <Table.Td><TextInput size="xs" w={80} {...act.cell(i, 'notes')} aria-label={`Notes of ${label}`} value={row.notes} onChange={(e) => onChange({ notes: e.currentTarget.value })} /></Table.Td>
      <Table.Td>
        {row.testDataId === 0
          ? <Tooltip label="remove"><ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove ${label}`} onClick={() => act.onRemove(i)}><IconTrash size={14} /></ActionIcon></Tooltip>
          : row.delete
            ? <Tooltip label="restore"><ActionIcon size="sm" variant="subtle" aria-label={`Restore ${label}`} onClick={() => onChange({ delete: false })}><IconPlus size={14} /></ActionIcon></Tooltip>
            : <Tooltip label="mark deleted"><ActionIcon size="sm" variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={() => onChange({ delete: true })}><IconMinus size={14} /></ActionIcon></Tooltip>}
      </Table.Td>
    </Table.Tr>
  );
});
