import { Button, Text } from '@mantine/core';
import { type LabSubmissionRow, MANUAL_ENTRY_MESSAGES as M } from '@sapwood/contracts';
import { useRef } from 'react';
import { useEndpointQuery } from '../../lib/query';
import { type SubmissionKind, resultEndpointsOf } from './kind';
import { QueryDialog } from './QueryDialog';

/**
 * Lab Results (print): the lab results of a submission as the server prints them, shown in a sandboxed frame
 * (no scripts run in it; same origin only so that Print can print the frame), or 'No lab results available' and why.
 */
export function LabResultsDialog({ kind, row, onClose }: { kind: SubmissionKind; row: LabSubmissionRow; onClose: () => void }) {
  const query = useEndpointQuery(resultEndpointsOf(kind).print, { id: row.id });
  const frame = useRef<HTMLIFrameElement>(null);
  const html = query.data?.html ?? null;
  return (
    <QueryDialog
      title="Lab Results"
      size="80rem"
      onClose={onClose}
      query={query}
      failed="Could not load the lab results"
      action={<Button disabled={!html} onClick={() => frame.current?.contentWindow?.print()} data-testid="lab-results-print">Print</Button>}
    >
      {(d) => d.html
        ? <iframe ref={frame} title={`Lab results of ${row.id}`} srcDoc={d.html} sandbox="allow-same-origin allow-modals" style={{ width: '100%', height: '60vh', border: 0 }} data-testid="lab-results-frame" />
        : (
          <>
            <Text size="sm" data-testid="no-lab-results">{M.noResults}</Text>
            {/* why, by the lab result view's rule (waiting for its lab, its lab's answer not read…; ADR 0252) */}
            {d.noResult.map((why) => <Text key={why} size="sm" c="dimmed" mt={4} data-testid="no-lab-results-why">{why}</Text>)}
          </>
        )}
    </QueryDialog>
  );
}
