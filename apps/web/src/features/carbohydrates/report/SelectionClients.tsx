import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CARBOHYDRATE_REPORT_MESSAGES as M, type SelectionClient, apiFeatures } from '@sapwood/contracts';
import { useEndpointQuery } from '../../../lib/query';

const api = apiFeatures.carbohydrateReport;

/**
 * The clients of the selected entries, as the server tells them (ADR 0252): `known` once told, `many` when there
 * are several, and then why Upload to MFW is refused (`uploadRefused`); the server refuses such an upload too.
 */
export function useSelectionClients(opened: boolean, selection: string) {
  const query = useEndpointQuery(api.selectionClients, { result: selection }, { enabled: opened && selection.trim() !== '', staleTime: 0 });
  const clients = query.data;
  const many = clients && clients.length > 1 ? clients : null;
  return { known: clients !== undefined, many, uploadRefused: many ? M.uploadOneClient(many) : null };
}

/** The warning the dialog shows first, above its fields and buttons, when the selection holds entries of several clients. */
export function ManyClientsAlert({ clients }: { clients: readonly SelectionClient[] }) {
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={16} />} mb="sm" p="xs" title={`${clients.length} clients selected`} data-testid="report-many-clients">
      <Text size="sm">{M.manyClients(clients)}</Text>
      <Text size="sm" mt={4} data-testid="report-upload-refused">{M.uploadOneClientShort}</Text>
    </Alert>
  );
}
