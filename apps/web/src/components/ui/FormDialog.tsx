import { Button, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { useText } from '../../lib/i18n';
import { AppDialog, type AppDialogProps } from './AppDialog';
import { useGuardedClose } from './unsaved';

export interface FormDialogProps extends Omit<AppDialogProps, 'actions' | 'onSubmit'> {
  /** the save button and Enter in a field (a promise it answers is left to run) */
  onSave: () => unknown;
  /** the save is running: the save button shows it */
  busy?: boolean;
  /** the save button's word ('Save' unless told) */
  saveLabel?: ReactNode;
  saveColor?: MantineColor;
  saveTestId?: string;
  children: ReactNode;
}

/**
 * A dialog holding a form: the fields, then Cancel and the save button at the bottom right. Enter in a
 * field saves; the browser's own checks are off (the form shows the app's messages).
 */
export function FormDialog({ onSave, busy = false, saveLabel, saveColor, saveTestId, children, ...dialog }: FormDialogProps) {
  const t = useText();
  const save = () => void onSave();
  const cancel = useGuardedClose(dialog.dirty, dialog.onClose);
  const testId = (dialog as { 'data-testid'?: string })['data-testid'];
  return (
    <AppDialog
      {...dialog}
      actions={
        <>
          <Button variant="default" onClick={() => void cancel()} data-testid={testId ? `${testId}-cancel` : undefined}>{t('common.cancel', 'Cancel')}</Button>
          <Button color={saveColor} onClick={save} loading={busy} data-testid={saveTestId}>{saveLabel ?? t('common.save', 'Save')}</Button>
        </>
      }
    >
      <form noValidate onSubmit={(e) => { e.preventDefault(); save(); }}>
        {children}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </AppDialog>
  );
}

export interface ContractFormDialogProps extends Omit<FormDialogProps, 'opened' | 'dirty' | 'busy' | 'saveTestId' | 'data-testid'> {
  /** the dialog's form (`useContractForm`): its dirty state guards closing, its busy state shows on the save button */
  form: { formState: { isDirty: boolean }; busy: boolean };
  /** the stem of the test ids (the dialog is `<testId>-dialog`, its save button `<testId>-save`), or both named */
  testId: string | { dialog: string; save: string };
  /** unsaved work outside the form (a chosen file) */
  alsoDirty?: boolean;
  /** open unless told (a dialog mounted while it is shown) */
  opened?: boolean;
}

/**
 * The scaffold of every add/edit dialog over a contract form: `FormDialog` wired to the form (unsaved-changes
 * guard, busy save button) with test ids from one stem. The dialog writes only its fields and its save.
 */
export function ContractFormDialog({ form, testId, opened = true, alsoDirty = false, ...rest }: ContractFormDialogProps) {
  const ids = typeof testId === 'string' ? { dialog: `${testId}-dialog`, save: `${testId}-save` } : testId;
  return <FormDialog opened={opened} dirty={form.formState.isDirty || alsoDirty} busy={form.busy} data-testid={ids.dialog} saveTestId={ids.save} {...rest} />;
}
