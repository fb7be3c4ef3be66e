import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The form of an editable grid (ADR 0073): react-hook-form holding the rows (`useFieldArray`), with the
 * contract's grid schema (`z.object({ rows: z.array(RowSchema) })`) as the resolver, so a row is checked with
 * the server's rules and words. A grid saves rows on its own terms (one row on Enter, the changed rows on
 * Submit) rather than through `useContractForm`'s submit; `formState.isDirty` says whether it holds unsaved work.
 * `V` is the values the grid holds (its rows may carry more than the schema checks: keys, matches).
 */
export function useGridForm<V extends FieldValues>(
  schema: z.ZodType,
  defaultValues: DefaultValues<V>,
  options: Omit<UseFormProps<V>, 'resolver' | 'defaultValues'> = {},
): UseFormReturn<V> {
  return useForm<V>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
}

/** Every message in an error tree (a row's or the whole grid's), in order, each once. */
export function errorMessages(e: unknown, out: string[] = []): string[] {
  if (typeof e !== 'object' || e === null) return out;
  const { message } = e as { message?: unknown };
  if (typeof message === 'string' && message) {
    if (!out.includes(message)) out.push(message);
    return out;
  }
  for (const [key, part] of Object.entries(e)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    errorMessages(part, out);
  }
  return out;
}
