import { Button, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppDialog } from '../../components/ui/AppDialog';
import { errorMessage } from '../../lib/formErrors';

interface QueryDialogProps<T> {
  title: string;
  size: string;
  onClose: () => void;
  query: UseQueryResult<T>;
  /** what a failure to load says when the server gives no reason */
  failed: string;
  /** a button beside Close */
  action?: ReactNode;
  children: (data: T) => ReactNode;
}

/** A read-only dialog over one answer: a loader while it loads, the failure in red, else what the answer shows; Close (and an action) below. */
export function QueryDialog<T>({ title, size, onClose, query, failed, action, children }: QueryDialogProps<T>) {
  return (
    <AppDialog opened onClose={onClose} title={title} size={size} actions={<><Button variant="default" onClick={onClose}>Close</Button>{action}</>}>
      {query.isPending
        ? <Center h={80}><Loader size="sm" /></Center>
        : query.isError
          ? <Text size="sm" c="red" data-testid="dialog-error">{errorMessage(query.error, failed)}</Text>
          : children(query.data)}
    </AppDialog>
  );
}
