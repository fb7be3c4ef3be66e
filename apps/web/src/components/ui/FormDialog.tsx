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
  return (
    <AppDialog
      {...dialog}
      actions={
        <>
          <Button variant="default" onClick={() => void cancel()}>{t('common.cancel', 'Cancel')}</Button>
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
