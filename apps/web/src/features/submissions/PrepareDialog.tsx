import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { type CsvSampleRow, type PrepareData, SUBMISSION_MESSAGES as M, apiFeatures, captureLabProblems, draftProblems, labProblems } from '@sapwood/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DateField } from '../../components/ui/DateField';
import { FormDialog } from '../../components/ui/FormDialog';
import { GridErrors } from '../../components/ui/grid/GridErrors';
import { PastePreviewDialog } from '../../components/ui/grid/PastePreview';
import { useConfirm } from '../../components/ui/confirm';
import { ApiError } from '../../lib/api';
import { errorMessage, serverFieldErrors } from '../../lib/formErrors';
import { notify } from '../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { CsvUploadDialog } from './CsvUploadDialog';
import { type DraftHeader, draftOf, labsOf, testsOf } from './draft';
import { type SubmissionKind, endpointsOf } from './kind';
import { rowErrorLines, rowErrorsOf } from './prepareErrors';
import { type GroupChoices, SampleGroupTable } from './SampleGroupTable';
import { usePrepareGrid } from './usePrepareGrid';

/** The dialog's start for New: an empty header (today sent, the kind's manual lab) and one blank row. */
export function newDraftData(kind: SubmissionKind): PrepareData {
  return {
    data: {
      clientName: '', farmName: '', agentId: 0, depotId: 0, agronomistId: 0, languageId: 0, dateSent: new Date().toISOString().slice(0, 10), dateSampled: null,
      area: '', sentBy: '', waybill: '', lab: kind === 'leaf' ? 'Manual' : 'ManualFarmer',
    },
    samples: [], tests: [], optionalTests: [], captureLabs: [],
  };
}

const pick = (items: { id: number; name: string }[] | undefined) => (items ?? []).map((x) => ({ value: String(x.id), label: x.name }));

/**
 * The Prepare Submission dialog (spec part 2 §2, §5): the header, the sample groups with their rows, add a
 * row, split the selected rows into a new group, set one test on the selected rows; every rule of §5, and what
 * the chosen outside lab needs of each row (a crop code there, a sample number once in the order), shown on its
 * row and field before anything is sent, and the server's answer shown the same way. Submit asks first.
 */
export function PrepareDialog({ kind, initial, onClose }: { kind: SubmissionKind; initial: PrepareData; onClose: () => void }) {
  const ep = endpointsOf(kind);
  const confirm = useConfirm();
  const [header, setHeader] = useState<DraftHeader>(initial.data);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [headerDirty, setHeaderDirty] = useState(false);
  // the sample groups: rows of the entry-grid engine (usePrepareGrid)
  const prep = usePrepareGrid(kind, initial, onClose, headerDirty);
  const { selected } = prep;
  const [bulkTest, setBulkTest] = useState<string | null>(null);
  const [csv, setCsv] = useState(false);
  const agents = useEndpointQuery(apiFeatures.agents.index, undefined, { staleTime: 60_000 });
  const depots = useEndpointQuery(apiFeatures.depots.index, undefined, { staleTime: 60_000 });
  const agronomists = useEndpointQuery(apiFeatures.agronomists.index, undefined, { staleTime: 60_000 });
  const languages = useEndpointQuery(apiFeatures.languages.index, undefined, { staleTime: 60_000 });
  const crops = useEndpointQuery(apiFeatures.crops.withCultivars, undefined, { staleTime: 60_000, enabled: kind === 'leaf' });
  // each crop's code at the outside labs, read afresh (a code assigned in Crop a moment ago counts)
  const codes = useEndpointQuery(apiFeatures.submissions.cropCodes, undefined, { staleTime: 0, enabled: kind === 'leaf' });
  // the lab each row's capture shows (ADR 0251): shown on its row, which is marked when the chosen lab does not take it
  const captureLabs = useMemo(() => new Map(initial.captureLabs.map((c) => [c.testDataId, c.lab])), [initial]);
  const choices = useMemo<GroupChoices>(() => ({
    crops: (crops.data ?? []).map((c) => ({ value: String(c.id), label: c.name, cultivars: pick(c.cultivars) })),
    ...testsOf(kind),
  }), [crops.data, kind]);
  const submit = useEndpointMutation(ep.submit, {
    invalidates: [ep.pending, ep.waiting, kind === 'leaf' ? apiFeatures.leafs : apiFeatures.farmersSamples],
    onSuccess: () => {
      notify.success(M.success);
      onClose();
    },
    onError: (err) => {
      const fields = serverFieldErrors(err);
      if (Object.keys(fields).length) refuse(fields);
      else notify.error(err instanceof ApiError ? errorMessage(err) : 'Failed');
    },
  });

  const rowErrors = useMemo(() => rowErrorsOf(errors), [errors]);
  /**
   * A refused Submit: each message at its field, the rows' listed above the groups too, and the first row with one
   * brought into view with its field focused (a long group draws only the rows in view, ADR 0230)
   */
  const refuse = (fields: Record<string, string>) => {
    setErrors(fields);
    const first = rowErrorsOf(fields)[0];
    // the header's messages come first, as drawn: brought into view once they are shown (below)
    if (Object.keys(fields).some((f) => !f.startsWith('samples'))) setShowHeader((n) => n + 1);
    else if (first) prep.reveal(first.g, first.r, first.field);
  };
  /**
   * A refused Submit whose messages include the header's: its first marked field brought into view, a text field
   * focused too (a list would open), so that a Submit pressed with the groups in view is never silent
   */
  const headerBox = useRef<HTMLDivElement>(null);
  const [showHeader, setShowHeader] = useState(0);
  useEffect(() => {
    const field = showHeader ? headerBox.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (!field) return;
    field.scrollIntoView({ block: 'nearest' });
    if (!field.hasAttribute('aria-haspopup')) field.focus({ preventScroll: true });
  }, [showHeader]);
  // a change clears the messages of the last check (they are shown again on Submit)
  // (an empty set stays the same object: a key typed re-renders no more than its cell)
  const clearErrors = () => setErrors((e) => (Object.keys(e).length ? {} : e));
  const touch = <A extends unknown[]>(f: (...a: A) => void) => (...a: A) => {
    clearErrors();
    f(...a);
  };
  const setField = <K extends keyof DraftHeader>(key: K, value: DraftHeader[K]) => {
    clearErrors();
    setHeaderDirty(true);
    setHeader((h) => ({ ...h, [key]: value }));
  };
  const save = async () => {
    const groups = prep.groupsNow();
    const draft = draftOf(header, groups);
    const problems = draftProblems(kind, { ...header, samples: groups });
    // what the chosen lab needs of each row (its crop's code there), and the rows it does not take (marked already, ADR 0251),
    // before anything is asked or sent: as the server checks them
    const lab = { lab: header.lab, samples: groups };
    if (problems.length === 0) problems.push(...labProblems(kind, lab, codes.data ?? []), ...captureLabProblems(lab, captureLabs));
    if (problems.length) {
      refuse(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      return;
    }
    if (await confirm(M.submitConfirm, 'Submit')) submit.mutate(draft);
  };
  const select = (label: string, key: 'agentId' | 'depotId' | 'agronomistId' | 'languageId', data: { value: string; label: string }[]) => (
    <Select size="xs" label={label} data={data} searchable value={header[key] > 0 ? String(header[key]) : null} error={errors[key]}
      comboboxProps={{ withinPortal: true }} onChange={(v) => setField(key, v ? Number(v) : 0)} />
  );

  return (
    <FormDialog opened onClose={onClose} title="Prepare Submission" data-testid="prepare-dialog" size="95%" tall dirty={prep.grid.dirty} onSave={save} busy={submit.isPending} saveLabel="Submit" saveTestId="submission-submit">
      <SimpleGrid ref={headerBox} cols={{ base: 2, md: 3 }} spacing="xs" verticalSpacing={4}>
        <TextInput size="xs" label="Entity Name" value={header.clientName} error={errors.clientName} onChange={(e) => setField('clientName', e.currentTarget.value)} />
        {select('Agent', 'agentId', pick(agents.data))}
        <TextInput size="xs" label="Farm Name" value={header.farmName} error={errors.farmName} onChange={(e) => setField('farmName', e.currentTarget.value)} />
        {select('Language', 'languageId', pick(languages.data))}
        {select('Agronomist', 'agronomistId', pick(agronomists.data))}
        <DateField size="xs" label="Sent on" value={header.dateSent ?? ''} onChange={(d) => setField('dateSent', d)} />
        {select('Depot', 'depotId', pick(depots.data))}
        <DateField size="xs" label="Date Sampled" value={header.dateSampled ?? ''} onChange={(d) => setField('dateSampled', d)} />
        <Select size="xs" label="Submission Lab" data={labsOf(kind)} value={header.lab} allowDeselect={false} error={errors.lab}
          comboboxProps={{ withinPortal: true }} onChange={(v) => v && setField('lab', v)} />
      </SimpleGrid>
      <Group gap="xs" mt="sm" align="flex-end">
        <Button size="xs" variant="default" onClick={touch(prep.addRow)} data-testid="add-row">Add row</Button>
        <Button size="xs" variant="default" onClick={() => setCsv(true)} data-testid="upload-csv">Upload CSV</Button>
        <Button size="xs" variant="default" disabled={selected === 0} onClick={touch(prep.split)} data-testid="split-rows">Split selected into a new group</Button>
        <Select size="xs" w={220} placeholder="Test for the selected rows" aria-label="Test for the selected rows" data={choices.offered} value={bulkTest} searchable
          comboboxProps={{ withinPortal: true }} onChange={setBulkTest} />
        <Button size="xs" variant="default" disabled={selected === 0 || !bulkTest} data-testid="bulk-test"
          onClick={touch(() => bulkTest && prep.setTest(bulkTest))}>Set test</Button>
      </Group>
      <GridErrors messages={rowErrorLines(rowErrors)} testId="prepare-errors" />
      {prep.groups.map((group, g) => (
        <SampleGroupTable key={group.keys[0]} kind={kind} index={g} rows={group.rows} keys={group.keys} live={prep.grid.live} cells={prep.grid.cells}
          choices={choices} errors={errors} lab={header.lab} captureLabs={captureLabs}
          onChange={(i, change) => (Object.keys(change).length === 1 && 'selected' in change ? prep.changeRow : touch(prep.changeRow))(i, change)}
          onRemove={touch((i: number) => prep.removeRow(i))} onPasteRows={touch((r: number, text: string) => prep.paste(g, r, text, choices))}
          cell={prep.cell} list={prep.list} />
      ))}
      {prep.grid.preview && <PastePreviewDialog {...prep.grid.preview} />}
      {csv && <CsvUploadDialog kind={kind} onClose={() => setCsv(false)} onRows={touch((rows: CsvSampleRow[]) => prep.upload(rows, choices))} />}
    </FormDialog>
  );
}
