import { z } from 'zod';
import { Id, RowVersion, formInt, id, int, text } from '../fields';
import { DateTime, Empty, MEDIA, NOT_FOUND, Ok, endpoint } from '../endpoint';
import { KeysetPagedRequest, MAX_TEXT, PagedRequest, keysetPage } from '../paging';
import { QcHold } from './qc';

const access = { permission: 'CarbohydrateEntries' } as const;
const Text = text({ max: MAX_TEXT }).default('');
/** An id filter: absent or 0 means "any". */
const IdFilter = formInt({ min: 0 }).default(0);

/** The search filter of the results screen (spec part 1 §3), plus a location group for whole-group selection. */
export const CarbohydrateFilter = z.object({
  client: Text,
  farmName: Text,
  fieldBlockNumber: Text,
  cropId: IdFilter,
  cropGrowthId: IdFilter,
  organ: IdFilter,
  group: text({ max: 40 }).default(''),
});
export type CarbohydrateFilter = z.output<typeof CarbohydrateFilter>;

/** Orderings a result list may be sorted by (each is a keyset over one index); '' is newest entry first. */
export const CARBOHYDRATE_SORTS = ['sampleNumber', 'entity', 'farmName', 'fieldBlockNumber', 'completedOn', 'createdOn'] as const;

export const CarbohydratePagedRequest = KeysetPagedRequest.extend(CarbohydrateFilter.shape);

export const CarbohydrateResultRow = z.object({
  id: z.number().int(),
  /** the location group key (ADR 0070); the report selection is 'group,id' pairs joined by ';' */
  group: z.string(),
  /** how many results the group holds in all (a group is checked when all of them are) */
  groupCount: z.number().int(),
  /** a merged group's distinct clients and farms, for its name (location-group.ts); null for a job's group */
  groupClients: z.array(z.string()).nullable(),
  groupFarms: z.array(z.string()).nullable(),
  sampleNumber: z.string(),
  entity: z.string(),
  client: z.string(),
  farmName: z.string(),
  agent: z.string(),
  agriculturist: z.string(),
  crop: z.string(),
  cropId: z.number().int(),
  cultivar: z.string().nullable(),
  cultivarId: z.number().int().nullable(),
  regionName: z.string().nullable(),
  regionId: z.number().int().nullable(),
  fieldBlockNumber: z.string(),
  tissue: z.string(),
  tissueId: z.number().int(),
  cropGrowth: z.string(),
  cropGrowthId: z.number().int(),
  linkedTissueName: z.string().nullable(),
  sugar: z.number().nullable(),
  starch: z.number().nullable(),
  na: z.boolean(),
  sampleDate: DateTime,
  createdOn: DateTime,
  completedOn: DateTime.nullable(),
  carboHydrateId: z.number().int().nullable(),
  rowVersion: z.number().int(),
  /** why the entry's job is held (ADR 0145, 0253), null when it is not; a download leaves it out */
  qcHold: QcHold.nullable().optional(),
});
export type CarbohydrateResultRow = z.output<typeof CarbohydrateResultRow>;

export const CarbohydratePage = keysetPage(CarbohydrateResultRow);

/** A text the edit requires: blank after trimming is refused with `message`. */
const RequiredText = (message: string) => text({ min: 1, max: MAX_TEXT, message });
/** A choice the edit requires: an id above 0 (none, 0 or below is refused with `message`). */
const RequiredId = (message: string) => id(message);
/** The same for a choice stored as nullable (the cultivar): null is refused too, the type stays nullable. */
const RequiredNullableId = (message: string) => int({ message }).nullable().refine((v) => v !== null && v > 0, { message });

/**
 * The edit dialog's row (spec part 1 §2 'Edit carbohydrate dialog') with its rules (spec part 1 §5): the
 * dialog checks it and the server parses it, so both refuse the same values with the same messages.
 */
export const CarbohydrateEdit = z.object({
  id: Id,
  rowVersion: RowVersion,
  entity: RequiredText('Entity required'),
  agent: RequiredText('Agent required'),
  agriculturist: RequiredText('Agronomist required'),
  farmName: RequiredText('Farm name required'),
  fieldBlockNumber: RequiredText('Field block number required'),
  cropId: RequiredId('Crop required'),
  cultivarId: RequiredNullableId('Cultivar required'),
  regionId: int({ min: 0 }).nullable(),
  tissueId: RequiredId('Organ type required'),
  cropGrowthId: RequiredId('Growth required'),
});
export type CarbohydrateEdit = z.output<typeof CarbohydrateEdit>;
export type CarbohydrateEditInput = z.input<typeof CarbohydrateEdit>;

const CarbohydrateEditValues = CarbohydrateEdit.omit({ id: true, rowVersion: true });

/** The edit rules (spec part 1 §5) as 400 fields: the schema's own messages, in its order. */
export function carbohydrateEditErrors(v: z.input<typeof CarbohydrateEditValues>): { field: string; message: string }[] {
  const r = CarbohydrateEditValues.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
}

const Named = z.object({ id: z.number().int(), name: z.string() });
export const CarbohydrateFilterOptions = z.object({
  crops: z.array(Named.extend({
    cultivars: z.array(Named),
    regions: z.array(Named),
    growths: z.array(Named.extend({ linkedTissueId: z.number().int().nullable(), linkedTissueName: z.string().nullable() })),
  })),
  tissues: z.array(Named),
});
export type CarbohydrateFilterOptions = z.output<typeof CarbohydrateFilterOptions>;

/** Excel downloads take the filters (and search and sort) as query parameters. */
const ExcelQuery = PagedRequest.omit({ page: true, rowsPerPage: true, all: true }).extend(CarbohydrateFilter.shape);
const Ids = z.preprocess(
  (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
  z.array(formInt({ min: 1 })).min(1, 'Select at least one entry').max(100_000),
);
const File = z.unknown();

export const carbohydratesEndpoints = {
  paged: endpoint({ method: 'POST', path: '/api/carbohydrate/paged', writes: 'nothing', access, input: CarbohydratePagedRequest, output: CarbohydratePage }),
  pagedgroupedlocation: endpoint({
    method: 'POST', path: '/api/carbohydrate/pagedgroupedlocation', writes: 'nothing', access, input: CarbohydratePagedRequest, output: CarbohydratePage,
  }),
  filteroptions: endpoint({ method: 'POST', path: '/api/carbohydrate/filteroptions', writes: 'nothing', access, input: Empty, output: CarbohydrateFilterOptions }),
  mergeentries: endpoint({
    method: 'POST', path: '/api/carbohydrate/mergeentries', writes: { unversioned: 'action', reason: 'merges the chosen entries into one; nothing read is written back' }, answers: { 404: NOT_FOUND }, access,
    input: z.object({ ids: z.array(id()).min(2, 'Select at least two entries to merge').max(10_000) }),
    output: z.object({ group: z.string(), count: z.number().int() }),
  }),
  getapidata: endpoint({
    method: 'POST', path: '/api/carbohydrate/getapidata', writes: 'nothing', answers: { 404: NOT_FOUND }, access,
    input: z.object({ id: Id }),
    output: z.object({ original: z.unknown(), mapped: z.unknown() }),
  }),
  upsertcarbohydrateresult: endpoint({
    method: 'POST', path: '/api/carbohydrate/upsertcarbohydrateresult', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access, input: CarbohydrateEdit, output: Ok,
  }),
  pagedexcel: endpoint({ method: 'GET', path: '/api/carbohydrate/pagedexcel', access, kind: 'file', media: [MEDIA.xlsx], input: ExcelQuery, output: File }),
  pagedexcelgroupedlocation: endpoint({
    method: 'GET', path: '/api/carbohydrate/pagedexcelgroupedlocation', access, kind: 'file', media: [MEDIA.xlsx], input: ExcelQuery, output: File,
  }),
  pagedexcelgroupedlocationfile: endpoint({
    method: 'GET', path: '/api/carbohydrate/pagedexcelgroupedlocationfile', access, kind: 'file', media: [MEDIA.xlsx], input: ExcelQuery, output: File,
  }),
  pagedexcelids: endpoint({
    method: 'GET', path: '/api/carbohydrate/pagedexcelids', access, kind: 'file', media: [MEDIA.xlsx], input: z.object({ ids: Ids }), output: File,
  }),
};
