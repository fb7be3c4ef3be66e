import { Tabs, Text } from '@mantine/core';
import { apiFeatures } from '@sapwood/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '../../../components/ui/FormDialog';
import { ApiError } from '../../../lib/api';
import { useEndpointQuery } from '../../../lib/query';
import { useContractForm } from '../../../lib/useContractForm';
import type { SubmissionKind } from '../kind';
import { type HeaderNames, ReportHeaderFields, type ReportLists, ReportSampleTable, type SettingsValues } from './ReportSettingsFields';
import { type ReportSettings, formFieldOf, withVersions } from './settings';

type Reports = SettingsValues['reports'];
// the update calls' own input schemas (one report per submission) as the form's; the form names fields by path
const asForm = (reports: z.ZodType) => z.object({ reports }) as unknown as z.ZodType<SettingsValues, SettingsValues>;
const SCHEMA: Record<SubmissionKind, z.ZodType<SettingsValues, SettingsValues>> = {
  leaf: asForm(apiFeatures.leafReport.updateReportData.input),
  soil: asForm(apiFeatures.farmersReport.updateReportData.input),
};
const NAMES: Record<SubmissionKind, HeaderNames> = {
  leaf: { agent: 'agentId', distributor: 'distributorId', address: 'addressId' },
  soil: { agent: 'agent', distributor: 'distributor', address: 'address' },
};

function useReportLists(): ReportLists {
  const fresh = { staleTime: 60_000 };
  const languages = useEndpointQuery(apiFeatures.languages.index, undefined, fresh);
  const agronomists = useEndpointQuery(apiFeatures.agronomists.index, undefined, fresh);
  const agents = useEndpointQuery(apiFeatures.agents.index, undefined, fresh);
  const distributors = useEndpointQuery(apiFeatures.distributors.all, {}, fresh);
  const addresses = useEndpointQuery(apiFeatures.addresses.index, undefined, fresh);
  return {
    languages: languages.data ?? [], agronomists: agronomists.data ?? [], agents: agents.data ?? [],
    distributors: distributors.data ?? [], addresses: addresses.data ?? [],
  };
}

/** A 400 of the update call with its fields named as the form names them ('0.samples' → 'reports.0.samples'). */
function asFormError(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.status !== 400 || !err.body?.fields) return err;
  return new ApiError(400, { ...err.body, fields: err.body.fields.map((f) => ({ ...f, field: formFieldOf(f.field) })) });
}

export interface ReportSettingsDialogProps<T> {
  kind: SubmissionKind;
  settings: ReportSettings<unknown>;
  /**
   * the update call, with the reports as its schema parsed them: the versions the settings were saved at, and
   * the result (`false`: stopped, and said why)
   */
  send: (reports: Reports) => Promise<{ versions: readonly { submissionId: number; rowVersion: number }[]; result: T | false }>;
  /** the snack once sent */
  success: string;
  /** the call's answer, and the reports sent */
  onSent: (result: T, reports: Reports) => void;
  onClose: () => void;
}

/**
 * Report Settings (spec part 2 §2, §5), per submission (a tab each when reports are combined): the header
 * (Language, Client Name, Farm Name, Agronomist, Agent, Distributor, Address; for leaf the graph type and what to
 * include) and the sample table, with the lab sample numbers not in the report. Submit sends the update call;
 * its messages show where they point (the choice under its table, an organ type on its row) and the first tab
 * holding one opens. Closing with changes asks first.
 */
export function ReportSettingsDialog<T>({ kind, settings, send, success, onSent, onClose }: ReportSettingsDialogProps<T>) {
  const form = useContractForm(SCHEMA[kind], { defaultValues: { reports: settings.reports as Reports }, fields: ['reports'] });
  const lists = useReportLists();
  const [tab, setTab] = useState('0');
  const { views } = settings;
  const errors = form.formState.errors.reports;

  const save = async () => {
    let sent: Reports = [];
    await form.submit(async (values) => {
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(values.reports);
      } catch (err) {
        throw asFormError(err);
      }
      // saved: a later Submit from this dialog carries the new versions (someone else's save meanwhile answers 409)
      sent = withVersions(values.reports as { submissionId: number; rowVersion: number }[], answer.versions);
      sent.forEach((r, i) => form.setValue(`reports.${i}.rowVersion`, r.rowVersion));
      return answer.result;
    }, { success, onSaved: (result) => onSent(result, sent) });
    // the first report with a message comes into view, unless the one shown has one (the form's state now, not this render's)
    const failed = views.map((_, i) => form.getFieldState(`reports.${i}`).invalid);
    if (!failed[Number(tab)] && failed.includes(true)) setTab(String(failed.indexOf(true)));
  };

  const part = (i: number) => (
    <>
      <ReportHeaderFields form={form} index={i} leaf={kind === 'leaf'} names={NAMES[kind]} lists={lists} />
      <ReportSampleTable form={form} index={i} leaf={kind === 'leaf'} view={views[i]} />
    </>
  );
  return (
    <FormDialog
      opened
      onClose={onClose}
      title={views.length > 1 ? 'Report Settings · Combine Reports' : 'Report Settings'}
      size={kind === 'leaf' ? 1100 : 'xl'}
      dirty={form.formState.isDirty}
      onSave={save}
      busy={form.busy}
      saveLabel="Submit"
      saveTestId="report-submit"
      data-testid="report-settings"
    >
      {views.length === 1 ? (
        <>
          <Text size="sm" c="dimmed" mb={4} data-testid="report-title-0">{views[0].title}</Text>
          {part(0)}
        </>
      ) : (
        <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false}>
          <Tabs.List mb="xs">
            {views.map((v, i) => (
              <Tabs.Tab key={v.submissionId} value={String(i)} c={errors?.[i] ? 'red' : undefined} data-error={!!errors?.[i]} data-testid={`report-tab-${i}`}>{v.title}</Tabs.Tab>
            ))}
          </Tabs.List>
          {views.map((v, i) => <Tabs.Panel key={v.submissionId} value={String(i)}>{part(i)}</Tabs.Panel>)}
        </Tabs>
      )}
    </FormDialog>
  );
}
