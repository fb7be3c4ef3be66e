import type { Db, Notifier } from '../../db/database';
import { latestVersion, recordStartedVersion } from './version.repository';

const CHANNEL = 'app_version';

/**
 * Knows the newest application version that has started against this database, and tells every
 * server process (through the database's notifications) when a newer one starts.
 */
export class VersionService {
  private current: string;
  private readonly listeners = new Set<(version: string) => void>();

  constructor(
    private readonly db: Db,
    private readonly notifier: Notifier,
    private readonly ownVersion: string,
  ) {
    this.current = ownVersion;
  }

  async start(): Promise<void> {
    await this.notifier.listen(CHANNEL, (version) => {
      this.current = version;
      for (const fn of this.listeners) fn(version);
    });
    await recordStartedVersion(this.db, this.ownVersion);
    await this.notifier.notify(CHANNEL, this.ownVersion);
  }

  async latest(): Promise<string> {
    this.current = (await latestVersion(this.db)) ?? this.ownVersion;
    return this.current;
  }

  onChange(fn: (version: string) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
