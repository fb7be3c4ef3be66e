import { useState } from 'react';
import { errorMessage, serverFieldErrors } from './fieldErrors';
import { notify } from './notify';

export interface SaveOptions {
  /** the success snack */
  success: string;
  onSaved: () => void;
  /** fields the form shows messages for; any other failure becomes a snack */
  inForm: string[];
}

/**
 * A dialog's save: a busy flag, the success snack, the server's field messages for the form,
 * and any other failure as a snack. An action answering `false` stopped on its own (nothing saved).
 */
export function useFormSave() {
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  async function save(action: () => Promise<unknown>, opts: SaveOptions): Promise<void> {
    setBusy(true);
    try {
      if ((await action()) === false) return;
      notify.success(opts.success);
      opts.onSaved();
    } catch (err) {
      const fields = serverFieldErrors(err);
      setServerErrors(fields);
      if (!opts.inForm.some((f) => fields[f])) notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  /** forgets the server's message for a field once the user edits it */
  const clearServerError = (field: string) =>
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== field)));

  return { busy, serverErrors, setServerErrors, clearServerError, save };
}
