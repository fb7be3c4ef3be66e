import { ActionIcon, Box, Button, Group, Tabs, Text, Tooltip } from '@mantine/core';
import { IconFileSpreadsheet, IconFilter, IconX } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type CarbohydrateResultRow, apiFeatures, hasPermission, locationGroupName } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { call, endpointUrl } from '../../lib/api';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { useSession } from '../../lib/session';
import { resultColumns } from './columns';
import { DebugDialog } from './DebugDialog';
import { EditCarbohydrateDialog } from './EditCarbohydrateDialog';
import { FilterPanel } from './FilterPanel';
import { type FilterValues, NO_FILTERS } from './filters';
import { ReportDialog } from './report/ReportDialog';
import { useSelection } from './useSelection';

type Selection = ReturnType<typeof useSelection>;

const ep = apiFeatures.carbohydrates;
const CHECKED_GROUP = { background: 'var(--mantine-color-teal-0)' };
type Row = CarbohydrateResultRow;

/** /carbohydrates: results grouped by location and as a plain list, with selection, merge, edit and downloads. */
export default function CarbohydratesPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'results' ? 'results' : 'grouped';
  const [showFilters, setShowFilters] = useState(false);
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [editing, setEditing] = useState<Row | null>(null);
  const [debugging, setDebugging] = useState<Row | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const selection = useSelection();
  const options = useEndpointQuery(ep.filteroptions, {});
  const canDebug = session.isDev || hasPermission(session.permissions, 'Admin');

  const { toggleGroup, merge } = useSelectionActions(selection);

  const applyFilters = (f: FilterValues) => {
    setFilters(f);
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.delete('g.page');
      next.delete('r.page');
      return next;
    }, { replace: true });
  };

  const { groupChecked } = selection;
  const rowStyle = useCallback((r: Row) => (groupChecked(r.group) ? CHECKED_GROUP : undefined), [groupChecked]);
  const columns = useMemo(
    () => resultColumns({ selection, sortable: tab === 'results', canDebug, onEdit: setEditing, onDebug: setDebugging }),
    [selection, tab, canDebug],
  );

  return (
    <Box data-testid="carbohydrates-page">
      <PageTitle />
      <SelectionToolbar selection={selection} showFilters={showFilters} onToggleFilters={() => setShowFilters((s) => !s)} onReport={() => setReportOpen(true)} onMerge={merge}
        perLocationHref={tab === 'grouped' ? endpointUrl(ep.pagedexcelgroupedlocationfile, { ...filters, search: params.get('g.q') ?? '' }) : undefined} />
      {showFilters && <FilterPanel options={options.data} applied={filters} onApply={applyFilters} />}
      <Tabs value={tab} onChange={(t) => setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (t === 'results') next.set('tab', 'results');
        else next.delete('tab');
        return next;
      })}>
        <Tabs.List mb="xs">
          <Tabs.Tab value="grouped" data-testid="tab-grouped">GROUPED BY LOCATION</Tabs.Tab>
          <Tabs.Tab value="results" data-testid="tab-results">RESULTS</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <ResultsTable
        key={tab}
        grouped={tab === 'grouped'}
        filters={filters}
        columns={columns}
        onRows={selection.learn}
        onRowDoubleClick={toggleGroup}
        rowStyle={rowStyle}
      />
      <EditCarbohydrateDialog row={editing} options={options.data} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />
      <DebugDialog entry={debugging} onClose={() => setDebugging(null)} />
      <ReportDialog opened={reportOpen} selection={selection.selection} onClose={() => setReportOpen(false)} />
    </Box>
  );
}

/** Double-click on a row checks (or unchecks) its whole location group, asked first; Merge Entries joins the selected ones' groups. */
function useSelectionActions(selection: Selection) {
  const confirm = useConfirm();
  // a failed merge is reported by the mutation; either way the lists show what the server holds
  const mergeEntries = useEndpointMutation(ep.mergeentries, {
    invalidates: [ep],
    overlay: true,
    onSuccess: () => {
      notify.success(snack.updated('Location groups'));
      selection.clear();
    },
  });

  async function toggleGroup(row: Row) {
    const checked = selection.groupChecked(row.group);
    const ok = await confirm(checked ? 'Uncheck every entry of this group?' : 'Check every entry of this group?', 'Group');
    if (!ok) return;
    const all = await call(ep.pagedgroupedlocation, { group: row.group, all: true }, { overlay: true });
    selection.set(all.rows, !checked);
  }

  async function merge() {
    if (selection.count < 2) {
      notify.error('Select at least two entries to merge');
      return;
    }
    if (!(await confirm(`Merge the groups of the ${selection.count} selected entries into one group?`, 'Merge Entries'))) return;
    mergeEntries.mutate({ ids: selection.ids });
  }
  return { toggleGroup, merge };
}

/** The selection's actions: the search panel, Download Selected (sheet, report), Merge Entries, per location, the count and clear. */
function SelectionToolbar({ selection, showFilters, onToggleFilters, onReport, onMerge, perLocationHref }: {
  selection: Selection; showFilters: boolean; onToggleFilters: () => void; onReport: () => void; onMerge: () => void; perLocationHref: string | undefined;
}) {
  return (
    <Group gap="xs" mb="xs" wrap="wrap">
      <Tooltip label="Search panel">
        <ActionIcon variant={showFilters ? 'filled' : 'light'} aria-label="Toggle search panel" data-testid="toggle-filters" onClick={onToggleFilters}>
          <IconFilter size={16} />
        </ActionIcon>
      </Tooltip>
      <Button size="xs" variant="light" component="a" data-testid="download-selected" disabled={selection.count === 0}
        href={selection.count ? endpointUrl(ep.pagedexcelids, { ids: selection.ids }) : undefined} download>
        Download Selected
      </Button>
      <Button size="xs" variant="light" data-testid="download-report" disabled={selection.count === 0} onClick={onReport}>
        Download Selected Report
      </Button>
      <Button size="xs" variant="light" data-testid="merge-entries" disabled={selection.count < 2} onClick={onMerge}>Merge Entries</Button>
      {perLocationHref && (
        <Tooltip label="One sheet per location">
          <ActionIcon component="a" variant="light" color="green" aria-label="Download one sheet per location" data-testid="download-per-location"
            href={perLocationHref} download>
            <IconFileSpreadsheet size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Text size="sm" data-testid="selection-line">You have selected {selection.count} which creates {selection.groups} pages.</Text>
      <Tooltip label="Clear selection">
        <ActionIcon variant="subtle" color="gray" aria-label="Clear selection" data-testid="clear-selection" onClick={selection.clear}>
          <IconX size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** a row's location group and its name (client · farm · job), for the grouped tab's header rows */
const groupOf = (r: Row) => ({ key: r.group, label: locationGroupName(r.group, r) });

function ResultsTable(props: {
  grouped: boolean;
  filters: FilterValues;
  columns: ReturnType<typeof resultColumns>;
  onRows: (rows: Row[]) => void;
  onRowDoubleClick: (row: Row) => void;
  rowStyle: (row: Row) => React.CSSProperties | undefined;
}) {
  const { grouped } = props;
  return (
    <PagedTable
      endpoint={grouped ? ep.pagedgroupedlocation : ep.paged}
      excelEndpoint={grouped ? ep.pagedexcelgroupedlocation : ep.pagedexcel}
      stateKey={grouped ? 'g' : 'r'}
      keyset
      columns={props.columns}
      rowId={(r) => r.id}
      filters={props.filters}
      onRowDoubleClick={props.onRowDoubleClick}
      onRows={props.onRows}
      rowStyle={props.rowStyle}
      groupOf={grouped ? groupOf : undefined}
      searchPlaceholder="Start of sample, client, farm or block"
      testId={grouped ? 'grouped-table' : 'results-table'}
      columnChoice="carbohydrates"
    />
  );
}
