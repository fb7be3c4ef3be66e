import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { EndpointDef, InputOf, OutputOf } from '@sapwood/contracts';
import { useEndpointQuery } from '../../lib/query';

/** How many matches a pick list offers at once (spec: pick lists use a page size of 200). */
export const PICK_PAGE = 200;

type RowOf<E extends EndpointDef> = OutputOf<E> extends { rows: (infer R)[] } ? R : never;

/**
 * A searchable pick list over a paged endpoint (`{ rows, total }`): what is typed is sent as the search as the user
 * types (a moment after the last key), and the first 200 matches are offered; when more match, it says how many
 * are not shown. The whole list is never loaded, and nothing is asked before the list is opened. Picking a row
 * calls `onPick` and empties the field: it is an action, not a value of the form.
 */
export function PagedPickList<E extends EndpointDef>(props: {
  endpoint: E;
  option: (row: RowOf<E>) => { value: string; label: string };
  onPick: (row: RowOf<E>) => void;
  label: string;
  placeholder: string;
  testId: string;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const input = { page: 1, rowsPerPage: PICK_PAGE, search: debounced, sortBy: '', ascending: true, all: false } as InputOf<E>;
  const page = useEndpointQuery(props.endpoint, input, { enabled: opened, placeholderData: keepPreviousData }).data as { rows: RowOf<E>[]; total: number } | undefined;
  const rows = page?.rows ?? [];
  const options = rows.map((r) => props.option(r));
  const more = page ? page.total - rows.length : 0;
  return (
    <Select
      size="xs" searchable clearable={false} value={null} label={props.label} placeholder={props.placeholder} disabled={props.disabled}
      data={options} searchValue={search} onSearchChange={setSearch} filter={({ options: all }) => all} limit={PICK_PAGE}
      onDropdownOpen={() => setOpened(true)} onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={page ? 'No data available' : 'Loading…'}
      description={more > 0 ? `${more} more not shown: type to narrow` : undefined}
      onChange={(value) => {
        const row = rows.find((r, i) => options[i].value === value);
        if (!row) return;
        setSearch('');
        props.onPick(row);
      }}
      comboboxProps={{ withinPortal: true }} data-testid={props.testId}
    />
  );
}
