import { Button, Grid, Select, Switch, TextInput, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type PostResult, apiFeatures } from '@sapwood/contracts';
import type { z } from 'zod';
import { AppDialog } from '../../../components/ui/AppDialog';
import { call } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { PostResultsDialog } from './PostResultsDialog';
import { type ReportForm, emptyForm, firstSelectedId, postForm, reportErrors } from './report-form';

const api = apiFeatures.carbohydrateReport;

export interface ReportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** the selected results as the report takes them: 'group,id' pairs joined by ';', in selection order */
  selection: string;
}

/** 'Download selected report': the report's header fields, then Download (new tab) or Upload to MFW. */
export function ReportDialog({ opened, onClose, selection }: ReportDialogProps) {
  const session = useSession();
  const [form, setForm] = useState<ReportForm>(() => emptyForm(session.languageId));
  const [submitted, setSubmitted] = useState(false);
  const [posting, setPosting] = useState(false);
  const [postResults, setPostResults] = useState<z.output<typeof PostResult>[] | null>(null);
  const options = useQuery({ queryKey: ['reportoptions'], queryFn: () => call(api.reportOptions, {}), enabled: opened });
  const firstId = firstSelectedId(selection);

  useEffect(() => {
    if (!opened) return;
    setSubmitted(false);
    setForm(emptyForm(session.languageId));
    if (firstId === undefined) return;
    void call(api.getLabResult, { id: firstId }, { overlay: true }).then((r) =>
      setForm((f) => ({ ...f, agriculturist: r.agronomist, client: r.entity, farm: r.farmName, agent: r.agent })),
    ).catch(() => undefined);
  }, [opened, firstId, session.languageId]);

  // Defaults once the lists arrive: the default address, and the user's language or else the first (English).
  useEffect(() => {
    const def = options.data?.addresses.find((a) => a.isDefault);
    const firstLanguage = options.data?.languages[0]?.id ?? null;
    setForm((f) => ({ ...f, addressId: f.addressId ?? def?.id ?? null, langId: f.langId ?? firstLanguage }));
  }, [options.data, opened]);

  const errors = submitted ? reportErrors(form) : {};
  const set = <K extends keyof ReportForm>(k: K, v: ReportForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const valid = () => {
    setSubmitted(true);
    return Object.keys(reportErrors(form)).length === 0 && firstId !== undefined;
  };

  function download() {
    if (!valid()) return;
    postForm(api.blockReport.path, { ...form, result: selection });
    notify.info('Starting download');
  }

  async function upload() {
    if (!valid()) return;
    setPosting(true);
    try {
      const input = { ...form, result: selection } as never;
      setPostResults(await call(api.postToMfw, input, { overlay: true }));
    } catch {
      /* the overlay already said 'Something went wrong.' */
    } finally {
      setPosting(false);
    }
  }

  const data = options.data;
  return (
    <>
      <AppDialog
        opened={opened}
        onClose={onClose}
        title="Download selected report"
        size="lg"
        data-testid="report-dialog"
        actions={
          <>
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button variant="light" onClick={upload} loading={posting} data-testid="report-upload-mfw">Upload to MFW</Button>
            <Button onClick={download} data-testid="report-download">Download</Button>
          </>
        }
      >
        <Grid gutter="xs">
          <Grid.Col span={6}>
            <Select label="Language" withAsterisk data={(data?.languages ?? session.languages).map((l) => ({ value: String(l.id), label: l.name }))}
              value={form.langId ? String(form.langId) : null} onChange={(v) => set('langId', v ? Number(v) : null)} error={errors.langId} data-testid="report-language" />
          </Grid.Col>
          <Grid.Col span={6}>
            <Select label="Address" withAsterisk data={(data?.addresses ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              value={form.addressId ? String(form.addressId) : null} onChange={(v) => set('addressId', v ? Number(v) : null)} error={errors.addressId} data-testid="report-address" />
          </Grid.Col>
          <Grid.Col span={6}><TextInput label="Client Name" withAsterisk value={form.client} onChange={(e) => set('client', e.currentTarget.value)} error={errors.client} data-testid="report-client" /></Grid.Col>
          <Grid.Col span={6}><TextInput label="Farm Name" withAsterisk value={form.farm} onChange={(e) => set('farm', e.currentTarget.value)} error={errors.farm} data-testid="report-farm" /></Grid.Col>
          <Grid.Col span={6}><TextInput label="Agriculturist" withAsterisk value={form.agriculturist} onChange={(e) => set('agriculturist', e.currentTarget.value)} error={errors.agriculturist} data-testid="report-agriculturist" /></Grid.Col>
          <Grid.Col span={6}><TextInput label="Agent" withAsterisk value={form.agent} onChange={(e) => set('agent', e.currentTarget.value)} error={errors.agent} data-testid="report-agent" /></Grid.Col>
          <Grid.Col span={6}>
            <Select label="Distributors" withAsterisk data={(data?.distributors ?? []).map((d) => ({ value: String(d.id), label: d.name }))} searchable
              value={form.distributor ? String(form.distributor) : null} onChange={(v) => set('distributor', v ? Number(v) : null)} error={errors.distributor} data-testid="report-distributor" />
          </Grid.Col>
          <Grid.Col span={6} pt="lg">
            <Tooltip label="Reduces the report size by using lower quality images" position="top-start">
              <Switch label="Low Image Quality" checked={form.lowImageQuality} onChange={(e) => set('lowImageQuality', e.currentTarget.checked)} mb={6} data-testid="report-low-quality" />
            </Tooltip>
            <Switch label="Include Summary" checked={form.includeSummary} onChange={(e) => set('includeSummary', e.currentTarget.checked)} data-testid="report-summary" />
          </Grid.Col>
        </Grid>
      </AppDialog>
      <PostResultsDialog results={postResults} onClose={() => setPostResults(null)} />
    </>
  );
}
