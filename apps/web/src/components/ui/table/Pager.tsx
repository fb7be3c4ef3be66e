import { Button, Group, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '@sapwood/contracts';
import { memo } from 'react';
import { CLOSED_DROPDOWN } from './closedDropdowns';

/** About 6 page numbers near the current page, plus First and Last, and the page size. */
export function pageWindow(page: number, pages: number, size = 6): number[] {
  if (pages <= 0) return [];
  let start = Math.max(1, page - Math.floor((size - 1) / 2));
  const end = Math.min(pages, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/** Drawn again only when its figures change (not while a page loads, nor for the rows' other renders). */
export const Pager = memo(function Pager(props: {
  page: number;
  rowsPerPage: number;
  total: number;
  /** the total is an estimate (shown as '≈ N') */
  estimated?: boolean;
  onPage: (page: number) => void;
  onRowsPerPage: (size: number) => void;
}) {
  const { page, rowsPerPage, total } = props;
  const pages = Math.max(1, Math.ceil(total / rowsPerPage));
  const from = total === 0 ? 0 : (page - 1) * rowsPerPage + 1;
  const to = Math.min(total, page * rowsPerPage);
  return (
    <Group justify="space-between" mt={6} gap="xs" wrap="wrap">
      <Group gap={6}>
        <Text size="xs" c="dimmed">Rows per page</Text>
        <Select
          aria-label="Rows per page"
          w={80}
          data={PAGE_SIZES.map(String)}
          value={String(rowsPerPage)}
          onChange={(v) => v && props.onRowsPerPage(Number(v))}
          allowDeselect={false}
          comboboxProps={CLOSED_DROPDOWN}
        />
        <Text size="xs" c="dimmed" data-testid="pager-range">{from}–{to} of {props.estimated ? '≈ ' : ''}{total}</Text>
      </Group>
      <Group gap={2} aria-label="Pages">
        <Button variant="subtle" size="compact-xs" disabled={page <= 1} onClick={() => props.onPage(1)}>First</Button>
        {pageWindow(page, pages).map((n) => (
          <Button
            key={n}
            size="compact-xs"
            variant={n === page ? 'filled' : 'subtle'}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => props.onPage(n)}
          >
            {n}
          </Button>
        ))}
        <Button variant="subtle" size="compact-xs" disabled={page >= pages} onClick={() => props.onPage(pages)}>Last</Button>
      </Group>
    </Group>
  );
});
