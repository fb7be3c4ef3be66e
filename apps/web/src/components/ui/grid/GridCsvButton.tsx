import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

/** The grid's CSV import: a file chosen goes to `onFile` (the grid's `importCsv`); said 'CSV import'. */
export function GridCsvButton({ onFile, testId }: { onFile: (file: File) => void; testId: string }) {
  return (
    <FileButton accept=".csv,text/csv" onChange={(f) => f && onFile(f)}>
      {(props) => (
        <Button {...props} size="compact-xs" variant="light" leftSection={<IconUpload size={14} />} data-testid={testId}>CSV import</Button>
      )}
    </FileButton>
  );
}
