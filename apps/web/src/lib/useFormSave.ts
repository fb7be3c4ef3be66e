import { type ChangeEvent, useCallback, useRef, useState } from 'react';
import { type FieldErrors, errorMessage, serverFieldErrors } from './formErrors';
import { notify } from './notify';

export interface FormSaveOptions {
  /** the client's messages for the values as they are now: shown from the first save on, and a save waits until there are none */
  check?: FieldErrors;
  /** the fields the form shows messages on; a 400 naming none of them becomes a snack instead */
  inForm: readonly string[];
}

export interface SaveOptions<T> {
  /** the success snack */
  success: string | ((result: T) => string);
  onSaved?: (result: T) => void;
}

const hasMessages = (errors: FieldErrors) => Object.values(errors).some(Boolean);

/**
 * The save of every dialog: the client's check, a busy flag for the save button, the success snack, the
 * server's 400 messages on the fields, and any other failure as a snack (`errorMessage`). An action
 * answering `false` stopped on its own: nothing is said.
 */
export function useFormSave({ check = {}, inForm }: FormSaveOptions) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  /** what the fields show: the server's messages, and the client's once a save was tried */
  const errors: FieldErrors = submitted ? { ...serverErrors, ...check } : serverErrors;

  async function save<T>(action: () => Promise<T | false>, opts: SaveOptions<T>): Promise<void> {
    setSubmitted(true);
    if (hasMessages(check) || running.current) return;
    running.current = true;
    setServerErrors({});
    setBusy(true);
    try {
      const result = await action();
      if (result === false) return;
      notify.success(typeof opts.success === 'function' ? opts.success(result) : opts.success);
      opts.onSaved?.(result);
    } catch (err) {
      const fields = serverFieldErrors(err);
      setServerErrors(fields);
      if (!inForm.some((f) => fields[f])) notify.error(errorMessage(err));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  /** forgets the server's message for a field once the user edits it */
  const clearServerError = useCallback(
    (field: string) => setServerErrors((e) => (field in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)) : e)),
    [],
  );

  /** back to a fresh form (a dialog that stays mounted calls it when it opens) */
  const reset = useCallback(() => {
    setSubmitted(false);
    setServerErrors({});
  }, []);

  /** a text field's value, message and edits (an edit forgets the server's message): `<TextInput {...textField('name', name, setName)} />` */
  const textField = (field: string, value: string, setValue: (value: string) => void) => ({
    value,
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValue(e.currentTarget.value);
      clearServerError(field);
    },
  });

  return { busy, errors, setServerErrors, clearServerError, textField, reset, save };
}
