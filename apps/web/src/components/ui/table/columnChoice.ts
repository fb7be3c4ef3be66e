import { useState } from 'react';
import { apiFeatures } from '@sapwood/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';

const ep = apiFeatures.preferences;
const NONE: string[] = [];

export interface ColumnChoice {
  /** the ids of the columns hidden in this list: the choice being made, else the user's saved one */
  hidden: string[];
  /** shows a choice being made (nothing saved yet) */
  preview: (hidden: string[]) => void;
  /** keeps the choice shown for the user, over the version read (ADR 0135), when it differs from the saved one */
  commit: () => void;
}

/**
 * The columns the signed-in user hid in the list `table`, kept by the server so that the choice follows the user
 * to another machine. A save refused as stale (409: chosen meanwhile elsewhere) is told, and the choice stored
 * there is shown again. No `table`: every column shows and nothing is saved.
 */
export function useColumnChoice(table: string | undefined): ColumnChoice {
  const stored = useEndpointQuery(ep.columns, undefined, { enabled: !!table, staleTime: Infinity });
  const mine = stored.data?.find((p) => p.table === table);
  const [pending, setPending] = useState<string[] | null>(null);
  const save = useEndpointMutation(ep.saveColumns, { invalidates: [ep.columns], awaitRefresh: true });
  return {
    hidden: pending ?? mine?.hidden ?? NONE,
    preview: setPending,
    commit: () => {
      if (!table || pending === null) return;
      if (pending.join('\n') === (mine?.hidden ?? NONE).join('\n')) {
        setPending(null);
        return;
      }
      save.mutate({ table, hidden: pending, rowVersion: mine?.rowVersion ?? 0 }, { onSettled: () => setPending(null) });
    },
  };
}
