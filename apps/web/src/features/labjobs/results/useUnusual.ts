import { useCallback, useRef } from 'react';
import type { RowSaves } from '../../../components/ui/grid/rowSaves';
import type { ResultRowValues } from '@sapwood/contracts';
import { useAskUnusual } from '../../../lib/unusual';
import { type Confirmed, type ResultValues, confirmedKeys, unconfirmed, unusualResultItem, valuesOf } from './resultValues';

/**
 * The results' values outside their usual range (issue 31): asked once for the rows saved together; yes: they are
 * confirmed as they stand (and sent so), no: each such row is marked failed with the words the server would say.
 */
export function useUnusual(saves: RowSaves<ResultRowValues>, sampleOf: (id: number) => string) {
  const askUnusual = useAskUnusual();
  const confirmedRef = useRef(new Map<number, Confirmed>());
  /** answers the rows declined (none: go on) */
  const confirmUnusual = useCallback(async (rows: (ResultValues & { id: number })[]): Promise<Set<number>> => {
    const held = (id: number) => saves.held.get(id)?.values;
    const asked = rows.flatMap((v) => unconfirmed(v, held(v.id) && valuesOf(held(v.id)!), confirmedRef.current.get(v.id)).map((p) => ({ id: v.id, p })));
    if (asked.length === 0) return new Set();
    if (await askUnusual(asked.map((a) => unusualResultItem(sampleOf(a.id), a.p)))) {
      for (const { id, p } of asked) confirmedRef.current.set(id, { ...confirmedRef.current.get(id), [p.at]: p.value });
      return new Set();
    }
    const declined = new Set(asked.map((a) => a.id));
    for (const id of declined) {
      const message = asked.filter((a) => a.id === id).map((a) => `${a.p.at === 'sugar' ? 'Sugar' : 'Starch'}: ${a.p.message}`).join('; ');
      saves.status.set(id, { state: 'failed', message });
    }
    return declined;
  }, [askUnusual, sampleOf, saves]);
  /** the keys of a row's values confirmed as they stand (sent so) */
  const confirmedOf = useCallback((id: number, v: ResultValues) => confirmedKeys(v, confirmedRef.current.get(id)), []);
  return { confirmUnusual, confirmedOf };
}
