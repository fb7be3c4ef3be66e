import { Badge, Checkbox, Group } from '@mantine/core';
import { IconBug, IconCircleCheckFilled, IconPencil } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { type CarbohydrateResultRow, QC_HOLD_MARKS, type QcHold } from '@sapwood/contracts';
import { fixed2, formatDate, formatDateTime } from '../../lib/format';
import { RowIcon } from '../../components/ui/table/rowParts';
import type { Selection } from './useSelection';

type Row = CarbohydrateResultRow;

export const growthPhase = (r: Pick<Row, 'cropGrowth' | 'linkedTissueName'>) =>
  r.linkedTissueName ? `${r.cropGrowth} (${r.linkedTissueName})` : r.cropGrowth;

function QcHoldMark({ hold, sampleNumber }: { hold: QcHold; sampleNumber: string }) {
  const mark = QC_HOLD_MARKS[hold];
  return (
    <Badge ml={4} size="xs" color={hold === 'rejected' ? 'red' : 'orange'} title={mark.title} aria-label={mark.title} data-hold={hold} data-testid={`qc-hold-${sampleNumber}`}>
      {mark.label}
    </Badge>
  );
}

const result = (v: number | null, na: boolean) => (na && v === null ? 'N/A' : fixed2(v));

/** The columns of both tabs (spec part 1 §2 /carbohydrates): every column with data sorts on RESULTS; the grouped tab keeps its groups' order. */
export function resultColumns(opts: {
  selection: Selection;
  sortable: boolean;
  canDebug: boolean;
  onEdit: (row: Row) => void;
  onDebug: (row: Row) => void;
}): ColumnDef<Row, unknown>[] {
  const { selection, sortable } = opts;
  const col = (id: string, header: string, cell: (r: Row) => string, sort = false): ColumnDef<Row, unknown> => ({
    id, header, cell: (c) => cell(c.row.original), enableSorting: sortable && sort,
  });
  return [
    {
      id: 'select',
      header: () => null,
      enableSorting: false,
      // pinned with the sample number: the selection box and the whole-group mark stay in view (issue 34)
      size: 56,
      meta: { pin: 'left' },
      cell: (c) => {
        const r = c.row.original;
        return (
          <Group gap={2} wrap="nowrap">
            <Checkbox
              size="xs"
              aria-label={`Select ${r.sampleNumber}`}
              data-testid={`select-${r.sampleNumber}`}
              checked={selection.isSelected(r.id)}
              onChange={(e) => selection.set([r], e.currentTarget.checked)}
            />
            {selection.groupChecked(r.group) && (
              <IconCircleCheckFilled size={14} color="var(--mantine-color-teal-6)" data-tip="Whole group checked" data-testid={`group-checked-${r.sampleNumber}`} />
            )}
          </Group>
        );
      },
    },
    {
      ...col('sampleNumber', 'Sample Number', (r) => r.sampleNumber, true),
      // issue 37, ADR 0253: a held result (a control rejected, or controls required and not yet entered) is marked, saying why
      cell: (c) => (
        <>
          {c.row.original.sampleNumber}
          {c.row.original.qcHold && <QcHoldMark hold={c.row.original.qcHold} sampleNumber={c.row.original.sampleNumber} />}
        </>
      ),
      size: 130,
      meta: { pin: 'left' },
    },
    col('entity', 'Entity', (r) => r.entity, true),
    col('farmName', 'Farm', (r) => r.farmName, true),
    col('crop', 'Crop / Cultivar', (r) => (r.cultivar ? `${r.crop} / ${r.cultivar}` : r.crop), true),
    col('region', 'Region', (r) => r.regionName ?? '', true),
    col('fieldBlockNumber', 'Field Block Number', (r) => r.fieldBlockNumber, true),
    col('growth', 'Growth Phase (Organ)', growthPhase, true),
    col('organ', 'Organ', (r) => r.tissue, true),
    col('sugar', 'Sugar', (r) => result(r.sugar, r.na), true),
    col('starch', 'Starch', (r) => result(r.starch, r.na), true),
    col('sampleDate', 'Field Date', (r) => formatDate(r.sampleDate), true),
    col('createdOn', 'Job Created', (r) => formatDateTime(r.createdOn), true),
    col('completedOn', 'Result date', (r) => formatDateTime(r.completedOn), true),
    {
      id: 'actions',
      header: () => 'Actions',
      enableSorting: false,
      cell: (c) => (
        <Group gap={2} wrap="nowrap">
          <RowIcon size="sm" name="Edit" testId={`edit-${c.row.original.sampleNumber}`} onClick={() => opts.onEdit(c.row.original)}>
            <IconPencil size={14} />
          </RowIcon>
          {opts.canDebug && (
            <RowIcon size="sm" color="gray" name="Debug" testId={`debug-${c.row.original.sampleNumber}`} onClick={() => opts.onDebug(c.row.original)}>
              <IconBug size={14} />
            </RowIcon>
          )}
        </Group>
      ),
    },
  ];
}
