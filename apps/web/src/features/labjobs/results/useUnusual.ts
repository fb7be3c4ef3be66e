import { useCallback, useRef } from 'react';
import type { RowSaves } from '../../../components/ui/grid/rowSaves';
import type { ResultRowValues } from '@sapwood/contracts';
import { useAskUnusual } from '../../../lib/unusual';
import { type Confirmed, type ResultValues, confirmedKeys, unconfirmed, unusualResultItem, valuesOf } from './resultValues';

/**
 * The results' values outside their usual range (issue 31): asked once for the rows saved together. Yes: they are
 * confirmed as they stand (and sent so). No: they are sent unconfirmed, and the server, the one judge of the rule
 * (lab-results.service), refuses them with a 400 at their cells (the grid engine shows it; the row stays unsaved).
 */
export function useUnusual(saves: RowSaves<ResultRowValues>, sampleOf: (id: number) => string) {
  const askUnusual = useAskUnusual();
  const confirmedRef = useRef(new Map<number, Confirmed>());
  const confirmUnusual = useCallback(async (rows: (ResultValues & { id: number })[]): Promise<void> => {
    const held = (id: number) => saves.held.get(id)?.values;
    const asked = rows.flatMap((v) => unconfirmed(v, held(v.id) && valuesOf(held(v.id)!), confirmedRef.current.get(v.id)).map((p) => ({ id: v.id, p })));
    if (asked.length === 0 || !(await askUnusual(asked.map((a) => unusualResultItem(sampleOf(a.id), a.p))))) return;
    for (const { id, p } of asked) confirmedRef.current.set(id, { ...confirmedRef.current.get(id), [p.at]: p.value });
  }, [askUnusual, sampleOf, saves]);
  /** the keys of a row's values confirmed as they stand (sent so) */
  const confirmedOf = useCallback((id: number, v: ResultValues) => confirmedKeys(v, confirmedRef.current.get(id)), []);
  return { confirmUnusual, confirmedOf };
}
