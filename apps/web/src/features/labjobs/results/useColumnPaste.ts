import { type ComponentProps, useCallback, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { LabResultRow } from '@sapwood/contracts';
import { type CellRegistry, nextRow, parsePastedColumn } from '../../../components/ui/grid/gridNav';
import type { PastePreviewDialog } from '../../../components/ui/grid/PastePreview';
import { parseNumberInput } from '../../../lib/format';
import { COLUMN_NAME, type ResultColumn, type ResultRowsValues } from '../ResultRow';
import { type ResultValues, valuesOf } from './resultValues';

const shown = (n: number | null | undefined) => (n === null || n === undefined ? '—' : n.toFixed(2));

/** A pasted column waiting for Apply: the rows it fills (N/A rows skipped) and what it puts in each. */
type PastePlan = {
  index: number;
  column: ResultColumn;
  targets: { id: number; sampleNumber: string; from: number | null; to: number | null }[];
  leftOver: number;
};

/**
 * A column pasted from a spreadsheet into a Sugar or Starch cell: it fills the column downwards from that row
 * (N/A rows skipped) after a preview; Apply puts the values in and saves the rows (values outside their usual
 * range asked once for all of them). A line that is not a number
 * refuses the whole paste. `paste` is stable while `info` is (the memoized rows keep their actions);
 * `preview` is the open preview's props, or null.
 */
export function useColumnPaste({ form, info, cells, indexOf, saveRow, confirmUnusual, setError }: {
  form: UseFormReturn<ResultRowsValues>;
  info: Map<number, LabResultRow>;
  cells: CellRegistry<ResultColumn>;
  indexOf: (id: number) => number;
  saveRow: (id: number) => unknown;
  /** asks once about the rows' values outside their usual range; answers the rows declined */
  confirmUnusual: (rows: (ResultValues & { id: number })[]) => Promise<Set<number>>;
  setError: (message: string | null) => void;
}) {
  const { getValues, setValue } = form;
  const [pastePlan, setPastePlan] = useState<PastePlan | null>(null);

  /** a paste into the cell: true when it is taken (a column of values), false for an ordinary paste */
  const paste = useCallback((index: number, column: ResultColumn, text: string) => {
    const parsed = parsePastedColumn(text, parseNumberInput);
    if (!parsed) return false;
    if ('badLine' in parsed) {
      setError(`Line ${parsed.badLine} of the pasted column is not a number ('${parsed.text}'). Nothing was pasted.`);
      return true;
    }
    const list = getValues('rows');
    const targets: PastePlan['targets'] = [];
    let k = list[index]?.na ? nextRow(index, 1, list.length, (r) => !list[r].na) : index;
    for (const to of parsed.values) {
      if (k < 0) break;
      targets.push({ id: list[k].id, sampleNumber: info.get(list[k].id)?.sampleNumber ?? '', from: list[k][column] ?? null, to });
      k = nextRow(k, 1, list.length, (r) => !list[r].na);
    }
    if (targets.length === 0) return true;
    setError(null);
    setPastePlan({ index, column, targets, leftOver: parsed.values.length - targets.length });
    return true;
  }, [getValues, info, setError]);

  function applyPaste() {
    const plan = pastePlan;
    setPastePlan(null);
    if (!plan) return;
    for (const t of plan.targets) {
      const at = indexOf(t.id);
      if (at >= 0) setValue(`rows.${at}.${plan.column}`, t.to, { shouldDirty: true });
    }
    // values outside their usual range asked once for the whole paste (issue 31), then the rows saved
    const rows = plan.targets.flatMap((t) => (indexOf(t.id) >= 0 ? [{ id: t.id, ...valuesOf(getValues(`rows.${indexOf(t.id)}`)) }] : []));
    void confirmUnusual(rows).then((declined) => {
      for (const t of plan.targets) if (!declined.has(t.id)) void saveRow(t.id);
    });
    cells.focus(plan.index, plan.column);
  }

  function cancelPaste() {
    const plan = pastePlan;
    setPastePlan(null);
    if (plan) cells.focus(plan.index, plan.column);
  }

  const preview: ComponentProps<typeof PastePreviewDialog> | null = pastePlan && {
    title: `Paste ${COLUMN_NAME[pastePlan.column]} · ${pastePlan.targets.length} ${pastePlan.targets.length === 1 ? 'row' : 'rows'}`,
    rows: pastePlan.targets.map((t) => ({ key: t.id, label: t.sampleNumber, from: shown(t.from), to: shown(t.to) })),
    note: pastePlan.leftOver > 0 ? `${pastePlan.leftOver} pasted ${pastePlan.leftOver === 1 ? 'value has' : 'values have'} no row left and will not be used.` : 'N/A rows are skipped.',
    onApply: applyPaste,
    onCancel: cancelPaste,
  };

  return { paste, preview };
}
