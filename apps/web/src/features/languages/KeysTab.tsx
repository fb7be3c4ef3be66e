import { ActionIcon, Button, Group, Switch, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, useContext, useMemo, useRef, useState } from 'react';
import { type Language, type LanguageKeyRow, apiFeatures } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { useWarnBeforeUnload } from '../../components/ui/unsaved';
import { type Translate, useText } from '../../lib/i18n';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { AddKeyDialog } from './AddKeyDialog';
import { KEYS_CHANGED, useLanguageList } from './useLanguageData';

const ep = apiFeatures.languages;

interface RowActions {
  edit(row: LanguageKeyRow, langId: number, text: string): void;
  update(row: LanguageKeyRow): void;
  remove(row: LanguageKeyRow): void;
  setFrontend(row: LanguageKeyRow, frontend: boolean): void;
}

/** The keys with unsaved texts: read by each row's Update button as it renders (a context, so a memoized row still follows it). */
const DirtyKeys = createContext<ReadonlySet<number>>(new Set());

/** Update, filled while the row has unsaved texts. */
function UpdateButton({ row, actions, label }: { row: LanguageKeyRow; actions: { current: RowActions }; label: string }) {
  const dirty = useContext(DirtyKeys).has(row.keyId);
  return (
    <Button size="compact-xs" variant={dirty ? 'filled' : 'light'} onClick={() => actions.current.update(row)} data-dirty={dirty} data-testid="key-update">
      {label}
    </Button>
  );
}

function columns(t: Translate, languages: Language[], actions: { current: RowActions }): ColumnDef<LanguageKeyRow, unknown>[] {
  return [
    { id: 'key', header: t('languages.key', 'Key'), accessorKey: 'key', size: 220 },
    {
      id: 'frontend',
      header: t('languages.frontend', 'Frontend'),
      size: 80,
      cell: ({ row }) => (
        <Switch
          size="xs"
          checked={row.original.frontend}
          onChange={(e) => actions.current.setFrontend(row.original, e.currentTarget.checked)}
          aria-label={`Frontend ${row.original.key}`}
          data-testid="key-frontend-toggle"
        />
      ),
    },
    ...languages.map<ColumnDef<LanguageKeyRow, unknown>>((lang) => ({
      id: `lang-${lang.id}`,
      // sorts by this language's texts
      header: lang.name,
      cell: ({ row }) => (
        <TextInput
          key={`${row.original.keyId}-${row.original.rowVersion}`}
          size="xs"
          defaultValue={row.original.texts[String(lang.id)] ?? ''}
          onChange={(e) => actions.current.edit(row.original, lang.id, e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && actions.current.update(row.original)}
          aria-label={`${lang.name} text of ${row.original.key}`}
          data-testid={`key-text-${lang.id}`}
        />
      ),
    })),
    {
      id: 'actions',
      header: () => null,
      size: 110,
      enableSorting: false,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          <UpdateButton row={row.original} actions={actions} label={t('common.update', 'Update')} />
          <Tooltip label={t('common.delete', 'Delete')}>
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete ${row.original.key}`} onClick={() => actions.current.remove(row.original)} data-testid="key-delete">
              <IconTrash size={15} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];
}

/** Keys tab: one row per key with an editable text per language, Update and delete per row, and Add key. */
export function KeysTab() {
  const t = useText();
  const confirm = useConfirm();
  const languages = useLanguageList().data;
  const [adding, setAdding] = useState(false);
  // Typed texts not saved yet, per key and language; inputs are uncontrolled so typing re-renders nothing.
  const drafts = useRef(new Map<number, Map<number, string>>());
  // Rows with unsaved texts are tinted and their Update button filled.
  const [dirty, setDirty] = useState<ReadonlySet<number>>(new Set());
  const markDirty = (keyId: number, on: boolean) =>
    setDirty((prev) => {
      if (prev.has(keyId) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(keyId);
      else next.delete(keyId);
      return next;
    });
  // leaving or reloading the page with unsaved texts asks first
  useWarnBeforeUnload(dirty.size > 0);

  /** a saved or deleted row has no unsaved texts any more */
  const forget = (keyId: number) => {
    drafts.current.delete(keyId);
    markDirty(keyId, false);
  };
  // failures (a 409 over a newer row, a 400) are told by the mutations with the server's words
  const saveTexts = useEndpointMutation(ep.upsertKeyText, {
    invalidates: KEYS_CHANGED,
    onSuccess: (_row, input) => {
      forget(input.keyId);
      notify.success(snack.updated('Key'));
    },
  });
  const deleteKey = useEndpointMutation(ep.deleteKey, {
    invalidates: KEYS_CHANGED,
    onSuccess: (_ok, input) => {
      forget(input.keyId);
      notify.success(snack.deleted('Key'));
    },
  });
  const changeDisplay = useEndpointMutation(ep.changeDisplay, { invalidates: KEYS_CHANGED });

  const actions = useRef<RowActions>(null as unknown as RowActions);
  actions.current = {
    edit(row, langId, text) {
      markDirty(row.keyId, true);
      const forRow = drafts.current.get(row.keyId) ?? new Map<number, string>();
      forRow.set(langId, text);
      drafts.current.set(row.keyId, forRow);
    },
    update(row) {
      const forRow = drafts.current.get(row.keyId);
      const entries = (languages ?? []).map((l) => ({ langId: l.id, text: forRow?.get(l.id) ?? row.texts[String(l.id)] ?? '' }));
      saveTexts.mutate({ keyId: row.keyId, rowVersion: row.rowVersion, entries });
    },
    async remove(row) {
      if (!(await confirm('Are you sure you want to delete this row?'))) return;
      deleteKey.mutate({ keyId: row.keyId });
    },
    setFrontend(row, frontend) {
      changeDisplay.mutate({ keyId: row.keyId, frontend });
    },
  };

  const cols = useMemo(() => columns(t, languages ?? [], actions), [t, languages]);
  if (!languages) return null;
  return (
    <DirtyKeys.Provider value={dirty}>
      <PagedTable
        endpoint={ep.keys}
        columns={cols}
        rowId={(r) => r.keyId}
        rowStyle={(r) => (dirty.has(r.keyId) ? { background: 'var(--mantine-color-yellow-0)' } : undefined)}
        stateKey="keys"
        testId="keys-table"
        toolbar={
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="add-key">
            {t('languages.addKey', 'Add key')}
          </Button>
        }
      />
      <AddKeyDialog opened={adding} onClose={() => setAdding(false)} />
    </DirtyKeys.Provider>
  );
}
