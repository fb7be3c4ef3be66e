import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type LanguageRow, apiFeatures } from '@sapwood/contracts';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { type Translate, useText } from '../../lib/i18n';
import { LanguageDialog } from './LanguageDialog';

function columns(t: Translate, edit: (row: LanguageRow) => void): ColumnDef<LanguageRow, unknown>[] {
  return [
    { id: 'name', header: t('common.name', 'Name'), accessorKey: 'name' },
    {
      id: 'actions',
      header: () => null,
      size: 60,
      enableSorting: false,
      cell: ({ row }) => (
        <Tooltip label={t('common.edit', 'Edit')}>
          <ActionIcon variant="subtle" size="sm" aria-label={`Edit ${row.original.name}`} onClick={() => edit(row.original)} data-testid="language-edit">
            <IconPencil size={15} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
}

/** Languages tab: the list, Add Language and Edit. */
export function LanguagesTab() {
  const t = useText();
  const [dialog, setDialog] = useState<{ row: LanguageRow | null } | null>(null);
  const cols = useMemo(() => columns(t, (row) => setDialog({ row })), [t]);
  return (
    <>
      <PagedTable
        endpoint={apiFeatures.languages.languages}
        columns={cols}
        stateKey="lang"
        testId="languages-table"
        onRowDoubleClick={(row) => setDialog({ row })}
        toolbar={
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setDialog({ row: null })} data-testid="add-language">
            {t('languages.addLanguage', 'Add Language')}
          </Button>
        }
      />
      <LanguageDialog opened={dialog !== null} row={dialog?.row ?? null} onClose={() => setDialog(null)} />
    </>
  );
}
