import type { ColumnType, Generated } from 'kysely';
import type { FormulaGraphFormula } from '@sapwood/contracts';

export type Originate = 'International' | 'Usa';

interface NamedArchivable {
  id: Generated<number>;
  name: string;
  originate: Generated<Originate>;
  archived: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface ReferenceTables {
  /** the outside labs' crop lists (migration 0140, feature labmins) */
  lab_crops: {
    id: Generated<number>;
    provider: 'Nvirotek' | 'Wynland';
    external_id: string;
    name: string;
    short_code: string;
    lab: string;
    row_version: Generated<number>;
    synced_at: Generated<Date>;
  };
  /** formula graphs (/drisgraphs): migration 0150; `formula` is { relationships [name, expression], values [element, expression] } */
  formula_graphs: {
    id: Generated<number>;
    name: string;
    alternate_function: boolean;
    formula: ColumnType<FormulaGraphFormula, string, string>;
    demo: Generated<boolean>;
    row_version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** leaf and soil captures from the field capture app (migration 0170) */
  captures: {
    id: Generated<number>;
    kind: 'leaf' | 'soil';
    capture_key: string;
    source_updated_at: Generated<string>;
    original: ColumnType<unknown, string, string>;
    mapped: ColumnType<unknown, string | null, string | null>;
    refused_reason: string | null;
    status: Generated<'NotCompleted' | 'Completed' | 'Archived'>;
    lab: Generated<string>;
    sample_number: Generated<string>;
    crop_id: number | null;
    client_name: Generated<string>;
    farm_name: Generated<string>;
    block_number: Generated<string>;
    agent: Generated<string>;
    agronomist: Generated<string>;
    captured_at: Date | null;
    synced_at: Generated<Date>;
    row_version: Generated<number>;
    /** migration 0171 */
    photo_path: string | null;
    latitude: number | null;
    longitude: number | null;
    /** migration 0183: generated keys of the lists (lower-cased, "C" collation; Date Captured never null) */
    sample_key: Generated<string>;
    client_key: Generated<string>;
    farm_key: Generated<string>;
    block_key: Generated<string>;
    captured_key: Generated<Date>;
    /** migration 0184: the submission it went with, and when */
    submission_id: number | null;
    submitted_at: Date | null;
    /** migration 0355: the lab it showed before its submission took it (null when not submitted) */
    lab_before_submit: string | null;
    /** migration 0215: the day of its Prepare group (captured, else synced; UTC), generated */
    captured_day: ColumnType<Date, never, never>;
  };
  /** the Prepare tab's groups of Not Completed captures, kept by triggers on captures (migration 0215, feature leafs) */
  capture_groups: {
    id: Generated<number>;
    kind: 'leaf' | 'soil';
    day: Date;
    client_name: string;
    farm_name: string;
    samples: number;
    latest: Date;
    client_key: ColumnType<string, never, never>;
    farm_key: ColumnType<string, never, never>;
    day_key: ColumnType<string, never, never>;
    newest_key: ColumnType<string, never, never>;
  };
  /** a capture's lab results, one row per capture (migration 0181, feature leafs): value code → number */
  capture_results: {
    capture_id: number;
    lab_name: Generated<string>;
    lab_number: Generated<string>;
    na: Generated<boolean>;
    values: ColumnType<Record<string, number>, string, string>;
    /** an outside lab's values outside their bounds: code → what is wrong (migration 0205) */
    flags: ColumnType<Record<string, string>, string | undefined, string>;
    source: 'Manual' | 'Nvirotek' | 'Wynland';
    submission_id: number | null;
    demo: Generated<boolean>;
    received_at: ColumnType<Date, Date | string | undefined, Date | string>;
    updated_by: number | null;
    row_version: Generated<number>;
  };
  /** row_version: migrations 0020 (agronomists) and 0030 (agents, depots) */
  agronomists: NamedArchivable & { row_version: Generated<number> };
  agents: NamedArchivable & { row_version: Generated<number> };
  depots: NamedArchivable & { row_version: Generated<number> };
  user_agronomists: { user_id: number; agronomist_id: number };
  farms: {
    id: Generated<number>;
    client: string;
    farm: string;
    mfw_id: string | null;
    originate: Generated<Originate>;
    created_at: Generated<Date>;
  };
  addresses: {
    id: Generated<number>;
    name: string;
    address_line: string;
    area: string;
    code: string;
    number: string;
    email: string;
    website: string;
    file_prefix: string;
    logo_word: string;
    is_default: Generated<boolean>;
    archived: Generated<boolean>;
    /** migration 0035 */
    row_version: Generated<number>;
  };
  distributors: {
    id: Generated<number>;
    name: string;
    image_path: string | null;
    image_hash: string | null;
    archived: Generated<boolean>;
    /** migration 0035 */
    row_version: Generated<number>;
  };
  language_keys: { id: Generated<number>; key: string; frontend: Generated<boolean>; row_version: Generated<number> /* 0040 */ };
  language_texts: { key_id: number; language_id: number; text: Generated<string> };
}
