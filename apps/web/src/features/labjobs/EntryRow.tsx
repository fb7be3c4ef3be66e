import { ActionIcon, Badge, Menu, NativeSelect, Table, TextInput, Tooltip } from '@mantine/core';
import { IconLink, IconTrash } from '@tabler/icons-react';
import { type ClipboardEvent, type KeyboardEvent, type MouseEvent, memo } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import type { CropOption, Match, TissueOption } from '@sapwood/contracts';
import { isMultiPaste } from '@sapwood/contracts';
import { DateField } from '../../components/ui/DateField';
import { type GridValues, useGridValue } from '../../components/ui/grid/gridValues';
import { formatDate } from '../../lib/format';
import { type EntryColumn, type EntryState, type JobCardValues, fromDateInput, growthOptions, toDateInput } from './entryModel';

export interface EntryRowActions {
  change: (index: number, patch: Partial<EntryState>) => void;
  /** the sample number was typed: a resolved sample or its matches no longer apply */
  typed: (index: number) => void;
  paste: (index: number, text: string) => void;
  lookup: (index: number) => void;
  choose: (index: number, match: Match) => void;
  remove: (index: number) => void;
  /** a key in a text cell: the grid's keyboard (Enter down the column, Tab across, the arrows) */
  key: (index: number, column: EntryColumn, e: KeyboardEvent<HTMLElement>) => void;
  /** the text cell's input, for the keyboard's focus */
  element: (index: number, column: EntryColumn, el: HTMLInputElement | null) => void;
}

const options = (xs: { id: number; name: string }[]) => [{ value: '', label: '' }, ...xs.map((x) => ({ value: String(x.id), label: x.name }))];
const idOf = (v: string) => (v ? Number(v) : null);
/** a cell's tooltip: its message, or else its whole text (a long name is cut short in the narrow cell) */
const showWhole = (message: string | undefined) => (ev: MouseEvent<HTMLInputElement>) => {
  ev.currentTarget.title = message ?? ev.currentTarget.value;
};

/** a registered input's ref, told to the grid's keyboard as well */
const withRef = <T extends { ref: (el: HTMLInputElement | null) => void }>(reg: T, also: (el: HTMLInputElement | null) => void): T => ({
  ...reg,
  ref: (el: HTMLInputElement | null) => {
    reg.ref(el);
    also(el);
  },
});

/** A row's messages by field (the form's errors of the row, shown once a save was tried). */
export type EntryRowErrors = Partial<Record<string, { message?: string }>> | undefined;

/**
 * One entry of the job card grid, its values in the dialog's form: the text fields are registered inputs
 * (typing re-renders nothing), the row watches only what it draws from (pick lists, date, matches) through the
 * grid's one subscription (`live`, ADR 0205; react-hook-form's `useWatch` is told of every change of the form).
 */
export const EntryRow = memo(function EntryRow(props: {
  live: GridValues;
  register: UseFormRegister<JobCardValues>;
  index: number;
  errors: EntryRowErrors;
  crops: CropOption[];
  tissues: TissueOption[];
  actions: EntryRowActions;
  /** a windowed grid's measure of the row (gridWindow.ts) */
  measure?: (el: HTMLTableRowElement | null) => void;
}) {
  const { live, register, index: i, errors, crops, tissues, actions, measure } = props;
  const at = `rows.${i}`;
  const e = {
    sampleDate: useGridValue(live, `${at}.sampleDate`) as EntryState['sampleDate'],
    tissueId: useGridValue(live, `${at}.tissueId`) as EntryState['tissueId'],
    cropId: useGridValue(live, `${at}.cropId`) as EntryState['cropId'],
    cultivarId: useGridValue(live, `${at}.cultivarId`) as EntryState['cultivarId'],
    regionId: useGridValue(live, `${at}.regionId`) as EntryState['regionId'],
    testCarboCropGrowthId: useGridValue(live, `${at}.testCarboCropGrowthId`) as EntryState['testCarboCropGrowthId'],
    testCarbohydrateId: useGridValue(live, `${at}.testCarbohydrateId`) as EntryState['testCarbohydrateId'],
    matches: useGridValue(live, `${at}.matches`) as EntryState['matches'],
  };
  const crop = crops.find((c) => c.id === e.cropId);
  const err = (f: string) => (errors?.[f]?.message ? true : undefined);
  const text = (field: 'entity' | 'agent' | 'agronomist' | 'farmName' | 'fieldBlockNumber', list?: string) => (
    <TextInput
      size="xs"
      {...withRef(register(`rows.${i}.${field}`), (el) => actions.element(i, field, el))}
      onKeyDown={(ev) => actions.key(i, field, ev)}
      error={err(field)}
      title={errors?.[field]?.message}
      onMouseEnter={showWhole(errors?.[field]?.message)}
      list={list}
      aria-label={`${field} ${i + 1}`}
      data-testid={`entry-${i}-${field}`}
    />
  );
  const sampleNumber = register(`rows.${i}.sampleNumber`, { onChange: () => actions.typed(i) });
  const select = (field: 'tissueId' | 'cropId' | 'cultivarId' | 'regionId' | 'testCarboCropGrowthId', data: { id: number; name: string }[]) => (
    <NativeSelect
      size="xs"
      data={options(data)}
      value={e[field] ? String(e[field]) : ''}
      error={err(field)}
      title={errors?.[field]?.message ?? data.find((x) => x.id === e[field])?.name}
      aria-label={`${field} ${i + 1}`}
      data-testid={`entry-${i}-${field}`}
      onChange={(ev) => actions.change(i, { [field]: idOf(ev.currentTarget.value) })}
    />
  );
  return (
    <Table.Tr data-testid={`entry-row-${i}`} data-index={i} ref={measure} aria-rowindex={i + 2}>
      <Table.Td c="dimmed" fz="xs">{i + 1}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          {...withRef(sampleNumber, (el) => actions.element(i, 'sampleNumber', el))}
          onKeyDown={(ev) => actions.key(i, 'sampleNumber', ev)}
          error={err('sampleNumber')}
          title={errors?.sampleNumber?.message}
          onMouseEnter={showWhole(errors?.sampleNumber?.message)}
          aria-label={`sample number ${i + 1}`}
          data-testid={`entry-${i}-sampleNumber`}
          onPaste={(ev: ClipboardEvent<HTMLInputElement>) => {
            const t = ev.clipboardData.getData('text/plain');
            if (isMultiPaste(t)) {
              ev.preventDefault();
              actions.paste(i, t);
            }
          }}
          onBlur={(ev) => {
            void sampleNumber.onBlur(ev);
            actions.lookup(i);
          }}
        />
      </Table.Td>
      <Table.Td>
        {e.testCarbohydrateId ? (
          <Tooltip label="Matched to a captured sample"><Badge size="xs" color="teal" data-testid={`entry-${i}-resolved`}>resolved</Badge></Tooltip>
        ) : e.matches && e.matches.length > 0 ? (
          <Menu withinPortal>
            <Menu.Target>
              <Badge size="xs" color="blue" style={{ cursor: 'pointer' }} leftSection={<IconLink size={10} />} data-testid={`entry-${i}-matches`}>
                {e.matches.length} {e.matches.length === 1 ? 'match' : 'matches'}
              </Badge>
            </Menu.Target>
            <Menu.Dropdown>
              {e.matches.map((m, k) => (
                <Menu.Item key={`${m.source}-${m.testCarbohydrateId}-${k}`} onClick={() => actions.choose(i, m)} data-testid={`entry-${i}-match-${k}`}>
                  {m.sampleNumber} · {m.entity} · {m.farmName} · {m.fieldBlockNumber} {m.date ? `· ${formatDate(m.date)}` : ''}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Table.Td>
      <Table.Td>{text('entity', 'lab-entities')}</Table.Td>
      <Table.Td>{text('agent', 'lab-agents')}</Table.Td>
      <Table.Td>{text('agronomist', 'lab-agronomists')}</Table.Td>
      <Table.Td>{text('farmName', 'lab-farms')}</Table.Td>
      <Table.Td>{text('fieldBlockNumber')}</Table.Td>
      <Table.Td>
        <DateField
          size="xs"
          value={toDateInput(e.sampleDate)}
          aria-label={`sample date ${i + 1}`}
          data-testid={`entry-${i}-sampleDate`}
          onChange={(day) => {
            const d = fromDateInput(day, e.sampleDate);
            if (d) actions.change(i, { sampleDate: d });
          }}
        />
      </Table.Td>
      <Table.Td>{select('tissueId', tissues)}</Table.Td>
      <Table.Td>{select('cropId', crops)}</Table.Td>
      <Table.Td>{select('cultivarId', crop?.cultivars ?? [])}</Table.Td>
      <Table.Td>{select('regionId', crop?.regions ?? [])}</Table.Td>
      <Table.Td>{select('testCarboCropGrowthId', growthOptions(crop, e.tissueId))}</Table.Td>
      <Table.Td>
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove entry ${i + 1}`} onClick={() => actions.remove(i)} data-testid={`entry-${i}-remove`}>
          <IconTrash size={14} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
});
