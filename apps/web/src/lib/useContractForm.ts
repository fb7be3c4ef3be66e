import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReset,
  type UseFormReturn,
  get,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { serverFieldErrors } from './formErrors';
import { notify } from './notify';
import { reportError } from './reportError';

/** A contract schema whose input is a form's values (an object). */
type ObjectSchema = z.ZodType<FieldValues, FieldValues>;

export interface ContractFormOptions<S extends ObjectSchema> extends Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> {
  defaultValues: DefaultValues<z.input<S>>;
  /**
   * The fields the form shows (top-level names or paths): a 400 naming one of them is shown on it; a 400
   * naming none of them, and any other failure, becomes a snack.
   */
  fields: readonly string[];
}

export interface SubmitOptions<T> {
  /** the success snack */
  success: string | ((result: T) => string);
  onSaved?: (result: T) => void;
}

export type ContractForm<S extends ObjectSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** the save is running (the save button shows it) */
  busy: boolean;
  /**
   * Checks the values with the contract's schema (messages on the fields, focus on the first), then runs
   * `action` with the parsed values: success snack, the server's 400 messages on the fields they name, any
   * other failure as a snack. An action answering `false` stopped on its own: nothing is said.
   */
  submit<T>(action: (values: z.output<S>) => Promise<T | false>, opts: SubmitOptions<T>): Promise<void>;
  /** a field's message (client or server), for a component's `error` prop */
  errorOf(name: FieldPath<z.input<S>> | string): string | undefined;
  /** a text input bound to a field: `<TextInput {...form.text('name')} />` */
  text(name: Path<z.input<S>>): ReturnType<UseFormReturn<z.input<S>>['register']> & { error: string | undefined };
  /** shows server messages (a 400's fields, or a message of the form's own) on the fields */
  showErrors(errors: Record<string, string>): void;
};

/** The message of a field's error; for a list or group field, the first message among its parts ('agronomistIds.0'). */
function messageIn(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const { message } = e as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, part] of Object.entries(e)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    const found = messageIn(part);
    if (found) return found;
  }
  return undefined;
}

/**
 * The one way to build a form (ADR 0073): react-hook-form with the endpoint's own zod schema as the
 * resolver, so the browser checks exactly what the server checks, with the same messages. A dialog keeps
 * no copy of a server rule and no hand-written copy of the contract's types.
 */
export function useContractForm<S extends ObjectSchema>(schema: S, { fields, defaultValues, ...options }: ContractFormOptions<S>): ContractForm<S> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    // the contract's schema, as the server parses it
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
  });
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const errorOf = (name: string): string | undefined => messageIn(get(form.formState.errors, name));

  const inForm = (path: string) => fields.includes(path) || fields.includes(path.split('.')[0]);

  const showErrors = (errors: Record<string, string>) => {
    for (const [path, message] of Object.entries(errors)) {
      if (inForm(path)) form.setError(path as Path<z.input<S>>, { type: 'server', message }, { shouldFocus: false });
    }
  };

  async function submit<T>(action: (values: z.output<S>) => Promise<T | false>, opts: SubmitOptions<T>): Promise<void> {
    if (running.current) return;
    await form.handleSubmit(async (values) => {
      running.current = true;
      setBusy(true);
      try {
        const result = await action(values);
        if (result === false) return;
        notify.success(typeof opts.success === 'function' ? opts.success(result) : opts.success);
        opts.onSaved?.(result);
      } catch (err) {
        const messages = serverFieldErrors(err);
        const shown = Object.keys(messages).filter(inForm);
        // the whole path, not its top-level name too, where the form shows the nested field
        showErrors(Object.fromEntries(shown.filter((p) => !shown.some((q) => q !== p && q.startsWith(`${p}.`))).map((p) => [p, messages[p]])));
        if (shown.length === 0) reportError(err);
      } finally {
        running.current = false;
        setBusy(false);
      }
    })();
  }

  const text = (name: Path<z.input<S>>) => ({ ...form.register(name), error: errorOf(name) });

  return { ...form, busy, submit, errorOf, text, showErrors };
}

/**
 * A dialog that stays mounted: its form starts over from `values()` each time it opens (and when `of` changes
 * while it is open: another row), so that nothing typed in an earlier opening is left.
 */
export function useStartOver<T extends FieldValues>(form: { reset: UseFormReset<T> }, opened: boolean, values: () => T, of?: unknown) {
  const { reset } = form;
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (opened) reset(latest.current());
  }, [opened, of, reset]);
}
