import { Anchor, Badge, Group, Image, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { type ControlLot, apiFeatures, formatDayTime } from '@sapwood/contracts';
import { useEndpointQuery } from '../../lib/query';

const ep = apiFeatures.qc;

/** A lot's Levey–Jennings chart (drawn by the server) with its runs listed beside, and the PDF export. */
export function LotChartDialog(props: { lot: ControlLot; onClose: () => void }) {
  const { lot } = props;
  const chart = useEndpointQuery(ep.chart, { lotId: lot.id });
  const runs = chart.data?.runs ?? [];
  // the image is fetched again when the runs change (a new run or a release)
  const stamp = runs.length + runs.filter((r) => r.released).length;
  return (
    <Modal opened onClose={props.onClose} title={`Levey–Jennings chart: ${lot.name} (${lot.lot})`} size="95%" data-testid="lot-chart-dialog">
      <Group align="flex-start" wrap="nowrap">
        <Stack style={{ flex: 3 }}>
          <Image src={`${ep.chartPng.path}?lotId=${lot.id}&v=${stamp}`} alt={`Levey–Jennings chart of lot ${lot.lot}`} data-testid="lot-chart-image" />
          <Anchor href={`${ep.chartPdf.path}?lotId=${lot.id}`} data-testid="lot-chart-pdf">Export PDF</Anchor>
        </Stack>
        <ScrollArea h={420} style={{ flex: 2 }}>
          <Table striped data-testid="lot-chart-runs">
            <Table.Thead><Table.Tr><Table.Th>#</Table.Th><Table.Th>Entered</Table.Th><Table.Th>Job</Table.Th><Table.Th>Value</Table.Th><Table.Th>z</Table.Th><Table.Th>Rules</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {runs.map((r, i) => (
                <Table.Tr key={r.controlId} data-testid={`lot-run-${i + 1}`}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{formatDayTime(r.resultOn)}</Table.Td>
                  <Table.Td>J{r.jobId}</Table.Td>
                  <Table.Td>{r.value}</Table.Td>
                  <Table.Td>{r.z.toFixed(2)}</Table.Td>
                  <Table.Td>
                    {r.violations.map((v) => (
                      <Badge key={v.rule} size="xs" mr={2} tt="none" color={v.severity === 'reject' ? 'red' : 'orange'} title={v.meaning}>{v.rule}</Badge>
                    ))}
                    {r.released && <Text span size="xs" c="dimmed">released</Text>}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      </Group>
    </Modal>
  );
}
