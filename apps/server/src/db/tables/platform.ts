import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface LanguagesTable {
  id: Generated<number>;
  name: string;
  /** migration 0040 */
  row_version: Generated<number>;
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  /** migration 0020 */
  row_version: Generated<number>;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  number: Generated<string>;
  role_id: number | null;
  active: Generated<boolean>;
  archived: Generated<boolean>;
  locked: Generated<boolean>;
  failed_attempts: Generated<number>;
  password_hash: string | null;
  whatsapp_pref: Generated<boolean>;
  email_pref: Generated<boolean>;
  language_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  row_version: Generated<number>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface PasswordTokensTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
}

/** migration 0110: sign-in and password-reset attempts of the current window, per kind and key */
export interface AuthAttemptsTable {
  kind: string;
  key: string;
  attempts: number;
  window_start: Generated<Date>;
  expires_at: Timestamp;
}

export interface SettingsTable {
  id: Generated<number>;
  sugar_limit: number;
  starch_limit: number;
  updated_at: Generated<Date>;
  updated_by: number | null;
  row_version: Generated<number>;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  user_id: number | null;
  entity: string;
  entity_id: string;
  action: string;
  old_values: ColumnType<unknown, string | null, never>;
  new_values: ColumnType<unknown, string | null, never>;
  reason: string | null;
}

export interface AppVersionsTable {
  version: string;
  started_at: Generated<Date>;
}

/** migration 0220: what this database was set up with (one row, id 1) */
export interface InstallationTable {
  id: Generated<number>;
  demo_seeded_at: Date | null;
  file_store_id: string | null;
  file_store_kind: 'folder' | 'bucket' | null;
  file_store_description: string | null;
  file_store_recorded_at: Date | null;
}

/** migration 0242: crash reports kept without an error-reporting service, one row per fingerprint */
export interface ErrorReportsTable {
  id: Generated<number>;
  fingerprint: string;
  source: 'browser' | 'server';
  message: string;
  stack: string;
  screen: string;
  app_version: string;
  user_id: number | null;
  count: Generated<number>;
  first_seen: Generated<Date>;
  last_seen: Generated<Date>;
}

export interface PlatformTables {
  languages: LanguagesTable;
  roles: RolesTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_tokens: PasswordTokensTable;
  auth_attempts: AuthAttemptsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  app_versions: AppVersionsTable;
  installation: InstallationTable;
  error_reports: ErrorReportsTable;
}
