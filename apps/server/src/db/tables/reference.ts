import type { Generated } from 'kysely';

export type Originate = 'International' | 'Usa';

interface NamedArchivable {
  id: Generated<number>;
  name: string;
  originate: Generated<Originate>;
  archived: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface ReferenceTables {
  /** row_version: migration 0020 */
  agronomists: NamedArchivable & { row_version: Generated<number> };
  agents: NamedArchivable;
  depots: NamedArchivable;
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
  };
  distributors: {
    id: Generated<number>;
    name: string;
    image_path: string | null;
    image_hash: string | null;
    archived: Generated<boolean>;
  };
  language_keys: { id: Generated<number>; key: string; frontend: Generated<boolean> };
  language_texts: { key_id: number; language_id: number; text: Generated<string> };
}
