import { Button, Checkbox, Grid, Select, Switch, TextInput, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { type OutputOf, type PostResult, ReportRequest, type ReportRequestInput, apiFeatures } from '@sapwood/contracts';
import type { z } from 'zod';
import { AppDialog } from '../../../components/ui/AppDialog';
import { useGuardedClose } from '../../../components/ui/unsaved';
import { call } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/query';
import { useSession } from '../../../lib/session';
import { useContractForm } from '../../../lib/useContractForm';
import { OutsideWait } from '../../../components/ui/OutsideWait';
import { PostResultsDialog } from '../../../components/ui/PostResultsDialog';
import { firstSelectedId, postForm } from './report-form';
import { ManyClientsAlert, useSelectionClients } from './SelectionClients';

const api = apiFeatures.carbohydrateReport;
const FIELDS = ['langId', 'client', 'farm', 'agriculturist', 'agent', 'distributor', 'addressId', 'lowImageQuality', 'includeSummary', 'includeControls'] as const;

/** a late default (prefill, a list's first choice) leaves what was typed already, and its messages */
const KEEP_TYPED = { keepDirtyValues: true, keepDirty: true, keepErrors: true, keepSubmitCount: true, keepIsSubmitted: true } as const;

/** Defaults (spec part 1 §9): Include Summary on, Low Image Quality off. */
const emptyReport = (result: string, languageId: number | null): ReportRequestInput => ({
  result, langId: languageId, client: '', farm: '', agriculturist: '', agent: '', distributor: null, addressId: null,
  lowImageQuality: false, includeSummary: true, includeControls: false,
});

export interface ReportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** the selected results as the report takes them: 'group,id' pairs joined by ';', in selection order */
  selection: string;
}

/** 'Download selected report': the report's header fields, then Download (new tab) or Upload to MFW. */
export function ReportDialog({ opened, onClose, selection }: ReportDialogProps) {
  const [postResults, setPostResults] = useState<z.output<typeof PostResult>[] | null>(null);
  // no overlay: 'Waiting for MFW… N s' in a corner while it runs (issue 33); a failure is told in the server's words
  const postToMfw = useEndpointMutation(api.postToMfw, { invalidates: [], onSuccess: setPostResults });
  const options = useEndpointQuery(api.reportOptions, {}, { enabled: opened });
  const form = useReportForm(opened, selection, options.data);
  const firstId = firstSelectedId(selection);
  const { reset, getValues } = form;
  // the selection's clients are told before Download or Upload can be pressed (ADR 0252)
  const clients = useSelectionClients(opened, selection);

  /** checks the fields (messages on them) and then runs `action` with what the dialog shows */
  const whenValid = (action: (input: ReportRequestInput) => void) =>
    form.handleSubmit(() => {
      if (firstId !== undefined) action({ ...getValues(), result: selection });
    })();

  /** the report was made from what the dialog shows: closing it now loses nothing */
  const used = () => reset(getValues());
  const download = () => whenValid((input) => {
    postForm(api.blockReport.path, input);
    notify.info('Starting download');
    used();
  });
  const upload = () => whenValid((input) => {
    if (!clients.uploadRefused) postToMfw.mutate(input, { onSuccess: used });
  });
  const dirty = form.formState.isDirty;
  const cancel = useGuardedClose(dirty, onClose);

  return (
    <>
      <AppDialog
        opened={opened}
        onClose={onClose}
        dirty={dirty}
        title="Download selected report"
        size="lg"
        data-testid="report-dialog"
        actions={
          <>
            <Button variant="default" onClick={() => void cancel()}>Cancel</Button>
            <Tooltip label={clients.uploadRefused} disabled={!clients.uploadRefused} multiline w={360}>
              <span>
                <Button variant="light" onClick={() => void upload()} loading={postToMfw.isPending} disabled={!clients.known || !!clients.uploadRefused}
                  data-testid="report-upload-mfw">Upload to MFW</Button>
              </span>
            </Tooltip>
            <Button onClick={() => void download()} disabled={!clients.known} data-testid="report-download">Download</Button>
          </>
        }
      >
        {clients.many && <ManyClientsAlert clients={clients.many} />}
        <ReportFields form={form} options={options.data} />
      </AppDialog>
      <OutsideWait active={postToMfw.isPending} label="Waiting for MFW…" testId="mfw-wait" />
      <PostResultsDialog results={postResults} onClose={() => setPostResults(null)} />
    </>
  );
}

type ReportOptions = OutputOf<typeof api.reportOptions>;

/**
 * The report's form: empty (with the user's language) each time the dialog opens, prefilled from the first
 * selected result, then the lists' defaults (the default address, else the first language); what was typed stays.
 */
function useReportForm(opened: boolean, selection: string, options: ReportOptions | undefined) {
  const session = useSession();
  // the report request's own schema: every field required, with the messages the server answers too
  const form = useContractForm(ReportRequest, { defaultValues: emptyReport(selection, session.languageId), fields: FIELDS });
  const firstId = firstSelectedId(selection);
  const { reset, getValues } = form;

  useEffect(() => {
    if (!opened) return;
    reset(emptyReport(selection, session.languageId));
    if (firstId === undefined) return;
    // a one-off prefill from the first selected result
    // (as the form's starting values, so that only what is typed makes it unsaved; what was typed already stays)
    void call(api.getLabResult, { id: firstId }, { overlay: true }).then((r) => {
      reset({ ...getValues(), agriculturist: r.agronomist, client: r.entity, farm: r.farmName, agent: r.agent }, KEEP_TYPED);
    }).catch(() => undefined);
  }, [opened, firstId, selection, session.languageId, reset, getValues]);

  // Defaults once the lists arrive: the default address, and the user's language or else the first (English).
  useEffect(() => {
    const def = options?.addresses.find((a) => a.isDefault);
    const firstLanguage = options?.languages[0]?.id ?? null;
    if (!options) return;
    const values = getValues();
    if (values.addressId != null && values.langId != null) return;
    reset({ ...values, addressId: values.addressId ?? def?.id ?? null, langId: values.langId ?? firstLanguage }, KEEP_TYPED);
  }, [options, opened, getValues, reset]);
  return form;
}

/** The report's header fields: language, address, client, farm, agriculturist, agent, distributor and the switches. */
function ReportFields({ form, options: data }: { form: ReturnType<typeof useReportForm>; options: ReportOptions | undefined }) {
  const session = useSession();
  const idSelect = (name: 'langId' | 'addressId' | 'distributor', label: string, list: { id: number; name: string }[], testId: string, searchable?: boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select label={label} withAsterisk data={list.map((x) => ({ value: String(x.id), label: x.name }))} searchable={searchable}
          value={field.value ? String(field.value) : null} onChange={(v) => field.onChange(v ? Number(v) : null)} error={fieldState.error?.message} data-testid={testId} />
      )}
    />
  );
  return (
  <Grid gutter="xs">
    <Grid.Col span={6}>{idSelect('langId', 'Language', data?.languages ?? session.languages, 'report-language')}</Grid.Col>
    <Grid.Col span={6}>{idSelect('addressId', 'Address', data?.addresses ?? [], 'report-address')}</Grid.Col>
    <Grid.Col span={6}><TextInput label="Client Name" withAsterisk {...form.text('client')} data-testid="report-client" /></Grid.Col>
    <Grid.Col span={6}><TextInput label="Farm Name" withAsterisk {...form.text('farm')} data-testid="report-farm" /></Grid.Col>
    <Grid.Col span={6}><TextInput label="Agriculturist" withAsterisk {...form.text('agriculturist')} data-testid="report-agriculturist" /></Grid.Col>
    <Grid.Col span={6}><TextInput label="Agent" withAsterisk {...form.text('agent')} data-testid="report-agent" /></Grid.Col>
    <Grid.Col span={6}>{idSelect('distributor', 'Distributors', data?.distributors ?? [], 'report-distributor', true)}</Grid.Col>
    <Grid.Col span={6} pt="lg">
      <Tooltip label="Reduces the report size by using lower quality images" position="top-start">
        <Controller control={form.control} name="lowImageQuality" render={({ field }) => (
          <Switch label="Low Image Quality" checked={field.value === true} onChange={(e) => field.onChange(e.currentTarget.checked)} mb={6} data-testid="report-low-quality" />
        )} />
      </Tooltip>
      <Controller control={form.control} name="includeSummary" render={({ field }) => (
        <Switch label="Include Summary" checked={field.value === true} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="report-summary" />
      )} />
      <Controller control={form.control} name="includeControls" render={({ field }) => (
        <Checkbox mt={6} label="State the controls of the runs" checked={field.value === true} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="report-controls" />
      )} />
    </Grid.Col>
  </Grid>
  );
}
