import type { ColumnDef } from '@tanstack/react-table';
import { type FarmRow, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { PagedTable } from '../../components/ui/table/PagedTable';

const COLUMNS: ColumnDef<FarmRow, unknown>[] = [
  { id: 'client', header: 'Client', accessorKey: 'client' },
  { id: 'farm', header: 'Farm', accessorKey: 'farm' },
  { id: 'mfwId', header: 'MFW Id', accessorKey: 'mfwId', cell: ({ getValue }) => (getValue() as string | null) ?? '' },
  { id: 'originate', header: 'Originate', accessorKey: 'originate' },
];

/** /farms: the read-only farm list (Admin only). */
export default function FarmsPage() {
  return (
    <>
      <PageTitle />
      <PagedTable endpoint={apiFeatures.farms.paged} columns={COLUMNS} testId="farms-table" />
    </>
  );
}
