import { useCallback, useMemo, useState } from 'react';

const NONE_CHECKED = (): boolean => false;

export interface Selectable {
  id: number;
  group: string;
  groupCount: number;
}

/**
 * The checked results of the screen, kept across pages and tabs: id → location group. A group is
 * checked when all its results are (the rows tell how many the group holds).
 */
export function useSelection() {
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [groupSizes, setGroupSizes] = useState<Map<string, number>>(new Map());

  const learn = useCallback((rows: Selectable[]) => {
    setGroupSizes((prev) => {
      if (rows.every((r) => prev.get(r.group) === r.groupCount)) return prev;
      const next = new Map(prev);
      for (const r of rows) next.set(r.group, r.groupCount);
      return next;
    });
  }, []);

  const set = useCallback((rows: Selectable[], on: boolean) => {
    setSelected((prev) => {
      const next = new Map(prev);
      for (const r of rows) {
        if (on) next.set(r.id, r.group);
        else next.delete(r.id);
      }
      return next;
    });
    learn(rows);
  }, [learn]);

  const perGroup = useMemo(() => {
    const m = new Map<string, number>();
    for (const g of selected.values()) m.set(g, (m.get(g) ?? 0) + 1);
    return m;
  }, [selected]);

  // with nothing checked, the same answer for every page: the groups a page teaches leave the rows alone (issue 36)
  const groupChecked = useMemo(
    () => perGroup.size === 0 ? NONE_CHECKED : (group: string) => {
      const size = groupSizes.get(group);
      return size !== undefined && size > 0 && (perGroup.get(group) ?? 0) >= size;
    },
    [groupSizes, perGroup],
  );

  /** What the report dialog receives: 'group,id' pairs joined by ';'. */
  const selection = useMemo(() => [...selected].map(([id, g]) => `${g},${id}`).join(';'), [selected]);

  const clear = useCallback(() => setSelected(new Map()), []);
  // the same object until the selection changes: the list's columns (and so its rows) are made from it
  return useMemo(() => ({
    ids: [...selected.keys()],
    count: selected.size,
    groups: perGroup.size,
    selection,
    isSelected: (id: number) => selected.has(id),
    set,
    learn,
    groupChecked,
    clear,
  }), [selected, perGroup, selection, set, learn, groupChecked, clear]);
}

export type Selection = ReturnType<typeof useSelection>;
