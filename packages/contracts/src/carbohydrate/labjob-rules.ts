/**
 * The carbohydrate entry form's rules (spec part 1 §5), shared by the form and the server so that both
 * refuse the same entries with the same messages.
 */
export interface EntryRuleInput {
  entity: string;
  agent: string;
  agronomist: string;
  farmName: string;
  fieldBlockNumber: string;
  tissueId: number | null;
  cropId: number | null;
  cultivarId: number | null;
  testCarboCropGrowthId: number | null;
}

export const AT_LEAST_ONE_ENTRY = 'At least one entry is required.';

export const ENTRY_MESSAGES: Record<keyof EntryRuleInput, string> = {
  entity: 'Entity required',
  agent: 'Agent required',
  agronomist: 'Agronomist required',
  farmName: 'Farm name required',
  fieldBlockNumber: 'Field block number required',
  tissueId: 'Tissue required',
  cropId: 'Crop required',
  cultivarId: 'Cultivar required',
  testCarboCropGrowthId: 'Growth required',
};

const TEXT_FIELDS = ['entity', 'agent', 'agronomist', 'farmName', 'fieldBlockNumber'] as const;
const ID_FIELDS = ['testCarboCropGrowthId', 'tissueId', 'cropId', 'cultivarId'] as const;

/** The fields of one entry that break a rule, with their messages (empty when the entry is valid). */
export function entryErrors(e: EntryRuleInput): { field: keyof EntryRuleInput; message: string }[] {
  const out: { field: keyof EntryRuleInput; message: string }[] = [];
  for (const f of TEXT_FIELDS) if (!(e[f] ?? '').trim()) out.push({ field: f, message: ENTRY_MESSAGES[f] });
  for (const f of ID_FIELDS) if (!((e[f] ?? 0) > 0)) out.push({ field: f, message: ENTRY_MESSAGES[f] });
  return out;
}

export const SAMPLE_NUMBER_REQUIRED = 'Sample number required';
/** said when one entry saved on its own takes a sample number another entry of its job has */
export const SAMPLE_NUMBER_IN_JOB = 'Sample number is already used by another entry of this job';

/** The form in which two sample numbers are the same: surrounding spaces and letter case do not count. */
export const sampleNumberKey = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/** The message of an entry whose sample number other rows of the job (numbered from 1) also have. */
export const sameSampleNumberAs = (rows: number[]) => `Same sample number as ${rows.length === 1 ? 'row' : 'rows'} ${rows.join(', ')}`;

/**
 * The job-level rule: a sample number appears once in a job. Answers every entry that shares its sample
 * number with another, with a message naming the other rows (blank sample numbers are left to
 * 'Sample number required').
 */
export function duplicateSampleErrors(entries: { sampleNumber?: string | null }[]): { index: number; field: 'sampleNumber'; message: string }[] {
  const rowsOf = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const key = sampleNumberKey(e.sampleNumber);
    if (key) rowsOf.set(key, [...(rowsOf.get(key) ?? []), i]);
  });
  return entries.flatMap((e, i) => {
    const others = (rowsOf.get(sampleNumberKey(e.sampleNumber)) ?? []).filter((j) => j !== i);
    return others.length ? [{ index: i, field: 'sampleNumber' as const, message: sameSampleNumberAs(others.map((j) => j + 1)) }] : [];
  });
}

/** Every broken rule of a job's entries, as 400 fields: 'entries.{index}.{field}' (index from 0), each message 'Row {n}: …'. */
export function jobEntriesErrors(entries: (EntryRuleInput & { sampleNumber?: string | null })[]): { field: string; message: string }[] {
  if (entries.length === 0) return [{ field: 'entries', message: AT_LEAST_ONE_ENTRY }];
  const duplicates = duplicateSampleErrors(entries);
  return entries.flatMap((e, i) => [...duplicates.filter((d) => d.index === i), ...entryErrors(e)]
    .map((x) => ({ field: `entries.${i}.${x.field}`, message: `Row ${i + 1}: ${x.message}` })));
}

/** Header fields of the job card that new entries default from and that propagate to entries. */
export interface HeaderValues extends EntryRuleInput {
  regionId: number | null;
}

/**
 * A header edit applied to the entries (spec part 1 §4): text fields, crop, cultivar and region go to
 * every entry (a crop change also resets the entry's cultivar, region and growth to the header's); tissue
 * and growth go only to the entries that still hold the header's previous value.
 */
export function propagateHeader<E extends HeaderValues>(entries: E[], field: keyof HeaderValues, before: HeaderValues, after: HeaderValues): E[] {
  return entries.map((e) => {
    if (field === 'tissueId' || field === 'testCarboCropGrowthId') {
      return e[field] === before[field] ? { ...e, [field]: after[field] } : e;
    }
    if (field === 'cropId') {
      return { ...e, cropId: after.cropId, cultivarId: after.cultivarId, regionId: after.regionId, testCarboCropGrowthId: after.testCarboCropGrowthId };
    }
    return { ...e, [field]: after[field] };
  });
}
