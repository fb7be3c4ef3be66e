import { Badge, Group, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { FARMERS_RESULT_GROUPS, type FarmersSampleResultRecord, type LeafResultRecord, type ResultValue, apiFeatures, resultHeader, resultValuesOf } from '@sapwood/contracts';
import { PagedTable } from '../../components/ui/table/PagedTable';
import type { CaptureKind } from './LeafJsonDialog';

type Row = LeafResultRecord & Partial<FarmersSampleResultRecord>;

/** The table is dense: every cell in the small size, on one line. */
const small = (text: ReactNode) => <Text span fz="xs" style={{ whiteSpace: 'nowrap' }}>{text}</Text>;

/** A measured value as the lab gave it (no rounding, no padding); a dash when it was not measured. */
const shown = (v: number | undefined) => (v === undefined ? '—' : String(v));

function valueColumn(v: ResultValue): ColumnDef<Row, unknown> {
  const group = v.group ? FARMERS_RESULT_GROUPS[v.group as keyof typeof FARMERS_RESULT_GROUPS] : undefined;
  return {
    id: `v-${v.code}`,
    enableSorting: false,
    meta: { label: resultHeader(v) },
    header: () => <Text span inherit title={group} display="block" ta="right">{resultHeader(v)}</Text>,
    cell: ({ row }) => {
      const r = row.original.result.find((x) => x.name === v.code);
      // an outside lab's value out of its bounds: in red with ⚑, its flag as the title (issue 31)
      return (
        <Text span fz="xs" display="block" ta="right" style={{ whiteSpace: 'nowrap' }} data-code={v.code} c={r?.flag ? 'red' : undefined} title={r?.flag} data-flag={r?.flag}>
          {shown(r?.lab_result)}{r?.flag ? ' ⚑' : ''}
        </Text>
      );
    },
  };
}

/**
 * The Results tab of /leafs (LeafResults) and /farmerssampleentries: every capture with a lab result, any state,
 * one column per value with its unit in the header (the leaf elements; the farmers' wide table grouped as the
 * spec lists it: ratios, cations, P, S, pH, micronutrients, carbon, acidity, T-value, S-value), N/A marked.
 */
export function CaptureResultsTable({ kind, toolbar }: { kind: CaptureKind; toolbar?: ReactNode }) {
  const endpoint = (kind === 'leaf' ? apiFeatures.leafs.getLeafResults : apiFeatures.farmersSamples.getFarmerSampleResults) as typeof apiFeatures.leafs.getLeafResults;
  const columns = useMemo<ColumnDef<Row, unknown>[]>(() => [
    { id: 'lab', header: 'Lab', cell: ({ row }) => small(row.original.labName || row.original.lab) },
    // the sample column stays in view while the values scroll sideways (issue 34)
    { id: 'sampleNumber', header: 'Sample Number', size: 140, meta: { pin: 'left' }, cell: ({ row }) => small(row.original.sampleNumber) },
    ...(kind === 'leaf' ? [{ id: 'crop', header: () => 'Crop', enableSorting: false, cell: ({ row }) => small(row.original.crop ?? '') } satisfies ColumnDef<Row, unknown>] : []),
    { id: 'clientName', header: 'Client (Farm)', cell: ({ row }) => small(`${row.original.clientName} (${row.original.farmName})`) },
    {
      id: 'labNumber', header: 'Lab Number',
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          {small(row.original.labNumber)}
          {row.original.na && <Badge size="xs" color="gray" data-testid="result-na">N/A</Badge>}
        </Group>
      ),
    },
    ...resultValuesOf(kind).map(valueColumn),
  ], [kind]);

  return (
    <PagedTable
      endpoint={endpoint}
      columns={columns}
      rowId={(r) => r.id}
      keyset
      searchPlaceholder="Start of sample, client, farm or block"
      testId="capture-results-table"
      excelEndpoint={kind === 'leaf' ? apiFeatures.leafs.resultsExcel : apiFeatures.farmersSamples.resultsExcel}
      toolbar={toolbar}
      columnChoice={kind === 'leaf' ? 'leaf-results' : 'farmers-results'}
    />
  );
}
