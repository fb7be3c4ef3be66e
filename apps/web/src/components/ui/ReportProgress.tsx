import { Alert, Anchor, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { EndpointDef, ReportStatus } from '@sapwood/contracts';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { endpointUrl } from '../../lib/api';
import { useEndpointQuery } from '../../lib/query';

/** What a report's status call answers (the carbohydrate report's, and the leaf and farmers' which add to it). */
type StatusShape = Pick<z.output<typeof ReportStatus>, 'status' | 'progress' | 'error' | 'fileName'>;
/** A report's status call: GET {id} → its status (the input is the report's id). */
export type ReportStatusEndpoint = EndpointDef<'GET', z.ZodType, z.ZodType<StatusShape>>;
/** A report's file call: GET {id} → the PDF. */
export type ReportFileEndpoint = EndpointDef<'GET'>;

export interface ReportProgressProps {
  /** 'Carbohydrate report 12' */
  title: string;
  id: number;
  status: ReportStatusEndpoint;
  file: ReportFileEndpoint;
}

const finished = (s: StatusShape['status'] | undefined) => s === 'done' || s === 'failed';

/**
 * The tab a report download opens (every kind of report): the report's progress while it is made, then its
 * download, which starts by itself once (with a link to download it again); a failed report shows its error.
 */
export function ReportProgress({ title, id, status, file }: ReportProgressProps) {
  const query = useEndpointQuery(status, { id }, { refetchInterval: (q) => (finished(q.state.data?.status) ? false : 700) });
  const fileUrl = endpointUrl(file, { id });
  const started = useRef(false);
  useEffect(() => {
    if (query.data?.status === 'done' && !started.current) {
      started.current = true;
      window.location.assign(fileUrl);
    }
  }, [query.data?.status, fileUrl]);

  const s = query.data;
  return (
    <Paper withBorder p="lg" maw={520}>
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        {query.isError && <Alert color="red">Could not load the report.</Alert>}
        {s && !finished(s.status) && (
          <>
            <Text size="sm">{s.status === 'queued' ? 'Waiting to start…' : 'Generating the report…'}</Text>
            <Progress value={s.progress} animated data-testid="report-progress" />
          </>
        )}
        {s?.status === 'done' && (
          <Text size="sm" data-testid="report-ready">
            The report is ready; the download starts by itself. <Anchor href={fileUrl}>Download {s.fileName}</Anchor>
          </Text>
        )}
        {s?.status === 'failed' && <Alert color="red" data-testid="report-failed">The report could not be made: {s.error}</Alert>}
      </Stack>
    </Paper>
  );
}
