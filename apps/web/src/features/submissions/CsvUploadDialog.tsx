import { Anchor, FileInput, Stack, Text } from '@mantine/core';
import { type CsvSampleRow, SAMPLE_SUBMISSION_CSV, SUBMISSION_CSV_COLUMNS, parseSubmissionCsv } from '@sapwood/contracts';
import { useMemo, useState } from 'react';
import { AppDialog } from '../../components/ui/AppDialog';

/**
 * The CSV upload of the Prepare Submission dialog: a file whose first row names the columns (in any order,
 * case aside), and the sample CSV to start from. Its rows go to the dialog, which matches them by sample number.
 */
export function CsvUploadDialog({ onRows, onClose }: { onRows: (rows: CsvSampleRow[]) => void; onClose: () => void }) {
  const [error, setError] = useState<string | undefined>();
  const sample = useMemo(() => URL.createObjectURL(new Blob([SAMPLE_SUBMISSION_CSV], { type: 'text/csv' })), []);
  const read = async (file: File | null) => {
    if (!file) return;
    if (file.size > 2_000_000) return setError('The file is larger than 2 MB');
    const { rows } = parseSubmissionCsv(await file.text());
    if (rows.length === 0) return setError(`No rows found: the first row must name the columns (${SUBMISSION_CSV_COLUMNS.map((c) => c.header).join(', ')})`);
    onRows(rows);
    onClose();
  };
  return (
    <AppDialog opened onClose={onClose} title="Upload CSV" size="md">
      <Stack gap="xs">
        <Text size="sm">The first row names the columns: {SUBMISSION_CSV_COLUMNS.map((c) => c.header).join(', ')}. Cultivars and optional tests are separated by commas.</Text>
        <Anchor size="sm" href={sample} download="leaf-submission-sample.csv" data-testid="sample-csv">Download the sample CSV</Anchor>
        <FileInput label="CSV file" accept=".csv,text/csv" error={error} onChange={(f) => { setError(undefined); void read(f); }} data-testid="csv-file" />
      </Stack>
    </AppDialog>
  );
}
