import { Anchor, FileInput, Stack, Text } from '@mantine/core';
import { type CsvSampleRow, SUBMISSION_CSV_FILE_NAMES, parseSubmissionCsv, sampleSubmissionCsv, submissionCsvColumns } from '@sapwood/contracts';
import { useMemo, useState } from 'react';
import { AppDialog } from '../../components/ui/AppDialog';
import type { SubmissionKind } from './kind';

/**
 * The CSV upload of the Prepare Submission dialog: a file whose first row names the kind's columns (in any
 * order, case aside; a farmers' file has no crop, cultivars or growth phase), and the kind's sample CSV to
 * start from. Its rows go to the dialog, which matches them by sample number.
 */
export function CsvUploadDialog({ kind, onRows, onClose }: { kind: SubmissionKind; onRows: (rows: CsvSampleRow[]) => void; onClose: () => void }) {
  const [error, setError] = useState<string | undefined>();
  const sample = useMemo(() => URL.createObjectURL(new Blob([sampleSubmissionCsv(kind)], { type: 'text/csv' })), [kind]);
  const columns = submissionCsvColumns(kind).map((c) => c.header).join(', ');
  const read = async (file: File | null) => {
    if (!file) return;
    if (file.size > 2_000_000) return setError('The file is larger than 2 MB');
    const { rows, errors } = parseSubmissionCsv(await file.text(), kind);
    // a broken quote names its line and nothing is taken (never the rest of the file read as one row)
    if (errors.length > 0) return setError(errors.join(' '));
    if (rows.length === 0) return setError(`No rows found: the first row must name the columns (${columns})`);
    onRows(rows);
    onClose();
  };
  return (
    <AppDialog opened onClose={onClose} title="Upload CSV" size="md">
      <Stack gap="xs">
        <Text size="sm" data-testid="csv-columns">
          The first row names the columns: {columns}. {kind === 'leaf' ? 'Cultivars and optional tests are' : 'Optional tests are'} separated by commas.
        </Text>
        <Anchor size="sm" href={sample} download={SUBMISSION_CSV_FILE_NAMES[kind]} data-testid="sample-csv">Download the sample CSV</Anchor>
        <FileInput label="CSV file" accept=".csv,text/csv" error={error} onChange={(f) => { setError(undefined); void read(f); }} data-testid="csv-file" />
      </Stack>
    </AppDialog>
  );
}
