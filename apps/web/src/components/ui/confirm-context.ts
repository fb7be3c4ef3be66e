import { type ReactNode, createContext, useContext } from 'react';

export type Ask = (message: ReactNode, title?: string) => Promise<boolean>;
export const ConfirmContext = createContext<Ask | null>(null);

/** A Yes/No confirmation: `if (await confirm('Are you sure…?')) …` (ConfirmProvider answers it). */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm outside ConfirmProvider');
  return ask;
}
