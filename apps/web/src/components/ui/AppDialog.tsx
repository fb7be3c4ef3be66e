import { Group, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface AppDialogProps extends Omit<ModalProps, 'title'> {
  title: ReactNode;
  /** buttons at the bottom, right-aligned */
  actions?: ReactNode;
  /** modal dialogs close on an outside click; non-modal ones do not */
  modal?: boolean;
}

/**
 * The one dialog of the app: Escape closes only the topmost, an outside click closes a modal one,
 * and the body scrolls past 70vh.
 */
export function AppDialog({ title, actions, modal = true, children, ...rest }: AppDialogProps) {
  return (
    <Modal
      title={title}
      closeOnEscape
      closeOnClickOutside={modal}
      trapFocus
      styles={{ body: { maxHeight: '70vh', overflowY: 'auto' }, title: { fontWeight: 600 } }}
      {...rest}
    >
      {children}
      {actions && (
        <Group justify="flex-end" mt="md" gap="xs">
          {actions}
        </Group>
      )}
    </Modal>
  );
}
