import { type JobEntryInput, entryErrors, jobEntriesErrors } from '@sapwood/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { validationError } from '../../http/errors';
import type { LabReferenceRepository } from './lab-reference.repository';
import type { EntryValues } from './lab-entries.repository';

type ParsedEntry = z.output<typeof JobEntryInput>;

/** How a 400 names an entry's field: the job card's rows ('entries.0.cropId', 'Row 1: …') or the one entry ('entry.cropId'). */
interface Naming {
  field(index: number, field: string): string;
  message(index: number, message: string): string;
}
const JOB_ROWS: Naming = { field: (i, f) => `entries.${i}.${f}`, message: (i, m) => `Row ${i + 1}: ${m}` };
const ONE_ENTRY: Naming = { field: (_i, f) => `entry.${f}`, message: (_i, m) => m };

/**
 * The entry form's rules (the same function the form uses), then the references: every id must exist
 * and cultivar, region and growth must belong to the entry's crop. Throws one 400 naming every row and field.
 */
export async function validateJobEntries(db: Db, refs: LabReferenceRepository, entries: ParsedEntry[]): Promise<EntryValues[]> {
  const ruleErrors = jobEntriesErrors(entries);
  if (ruleErrors.length) throw validationError(ruleErrors);
  return checkReferences(db, refs, entries, JOB_ROWS);
}

/** validateJobEntries for one entry saved on its own: the same rules and messages, fields named 'entry.<field>'. */
export async function validateJobEntry(db: Db, refs: LabReferenceRepository, entry: ParsedEntry): Promise<EntryValues> {
  const ruleErrors = entryErrors(entry).map((x) => ({ field: ONE_ENTRY.field(0, x.field), message: ONE_ENTRY.message(0, x.message) }));
  if (ruleErrors.length) throw validationError(ruleErrors);
  const [values] = await checkReferences(db, refs, [entry], ONE_ENTRY);
  return values;
}

async function checkReferences(db: Db, refs: LabReferenceRepository, entries: ParsedEntry[], naming: Naming): Promise<EntryValues[]> {
  const uniq = (xs: (number | null | undefined)[]) => [...new Set(xs.filter((x): x is number => !!x && x > 0))];
  const found = await refs.refs(db, {
    tissues: uniq(entries.map((e) => e.tissueId)),
    crops: uniq(entries.map((e) => e.cropId)),
    cultivars: uniq(entries.map((e) => e.cultivarId)),
    regions: uniq(entries.map((e) => e.regionId)),
    growths: uniq(entries.map((e) => e.testCarboCropGrowthId)),
    samples: uniq(entries.map((e) => e.testCarbohydrateId)),
  });
  const has = (rows: { id: number }[], id: number) => rows.some((r) => r.id === id);
  const cropOf = (rows: { id: number; cropId: number }[], id: number) => rows.find((r) => r.id === id)?.cropId;

  const errors: { field: string; message: string }[] = [];
  entries.forEach((e, i) => {
    const at = (field: string, message: string) => errors.push({ field: naming.field(i, field), message: naming.message(i, message) });
    if (!has(found.tissues, e.tissueId!)) at('tissueId', 'Tissue not found');
    if (!has(found.crops, e.cropId!)) at('cropId', 'Crop not found');
    if (cropOf(found.cultivars, e.cultivarId!) !== e.cropId) at('cultivarId', 'Cultivar does not belong to the crop');
    if (e.regionId && cropOf(found.regions, e.regionId) !== e.cropId) at('regionId', 'Region does not belong to the crop');
    if (cropOf(found.growths, e.testCarboCropGrowthId!) !== e.cropId) at('testCarboCropGrowthId', 'Growth does not belong to the crop');
    if (e.testCarbohydrateId && !has(found.samples, e.testCarbohydrateId)) at('testCarbohydrateId', 'Matched sample not found');
  });
  if (errors.length) throw validationError(errors);

  return entries.map((e) => ({
    sampleNumber: e.sampleNumber,
    entity: e.entity.trim(),
    agent: e.agent.trim(),
    agronomist: e.agronomist.trim(),
    farmName: e.farmName.trim(),
    fieldBlockNumber: e.fieldBlockNumber.trim(),
    sampleDate: e.sampleDate,
    tissueId: e.tissueId!,
    cropId: e.cropId!,
    cultivarId: e.cultivarId!,
    regionId: e.regionId ?? null,
    testCarboCropGrowthId: e.testCarboCropGrowthId!,
    testCarbohydrateId: e.testCarbohydrateId ?? null,
  }));
}
