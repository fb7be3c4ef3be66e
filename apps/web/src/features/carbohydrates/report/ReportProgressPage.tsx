import { Alert, Anchor, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { apiFeatures } from '@sapwood/contracts';
import { endpointUrl } from '../../../lib/api';
import { useEndpointQuery } from '../../../lib/query';

const api = apiFeatures.carbohydrateReport;

/** The tab a report download opens: shows the report's progress, then downloads it. */
export default function ReportProgressPage() {
  const id = Number(useParams().id);
  const status = useEndpointQuery(api.reportStatus, { id }, {
    refetchInterval: (q) => (q.state.data?.status === 'done' || q.state.data?.status === 'failed' ? false : 700),
  });
  const fileUrl = endpointUrl(api.reportFile, { id });
  const started = useRef(false);
  useEffect(() => {
    if (status.data?.status === 'done' && !started.current) {
      started.current = true;
      window.location.assign(fileUrl);
    }
  }, [status.data?.status, fileUrl]);

  const s = status.data;
  return (
    <Paper withBorder p="lg" maw={520}>
      <Stack gap="sm">
        <Title order={4}>Carbohydrate report {id}</Title>
        {status.isError && <Alert color="red">Could not load the report.</Alert>}
        {s && s.status !== 'failed' && s.status !== 'done' && (
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
