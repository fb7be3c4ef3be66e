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

/** Every broken rule of a job's entries, as 400 fields: 'entries.{index}.{field}' (index from 0). */
export function jobEntriesErrors(entries: EntryRuleInput[]): { field: string; message: string }[] {
  if (entries.length === 0) return [{ field: 'entries', message: AT_LEAST_ONE_ENTRY }];
  return entries.flatMap((e, i) => entryErrors(e).map((x) => ({ field: `entries.${i}.${x.field}`, message: `Row ${i + 1}: ${x.message}` })));
}

/** Header fields of the job card that new entries default from and that propagate to entries. */
export interface HeaderValues {
  entity: string;
  agent: string;
  agronomist: string;
  farmName: string;
  fieldBlockNumber: string;
  tissueId: number | null;
  cropId: number | null;
  cultivarId: number | null;
  regionId: number | null;
  testCarboCropGrowthId: number | null;
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
