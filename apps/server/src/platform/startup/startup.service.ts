import { PERMISSION_GROUPS, type StartupData } from '@sapwood/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { SessionUser } from '../../http/context';
import type { SettingsService } from '../settings/settings.service';
import type { VersionService } from '../version/version.service';
import { listLanguages } from './languages.repository';

/** The start-up data the web app loads first (spec part 1 §3). */
export class StartupService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly settings: SettingsService,
    private readonly versions: VersionService,
  ) {}

  async initial(user: SessionUser | null): Promise<StartupData> {
    const version = this.config.APP_VERSION;
    const base = {
      version,
      updating: false,
      isDev: this.config.IS_DEV,
      availablePermissions: PERMISSION_GROUPS,
      errorReporting: this.config.SENTRY_DSN ? { dsn: this.config.SENTRY_DSN, environment: this.config.SENTRY_ENVIRONMENT } : null,
    };
    if (!user) {
      return { ...base, authenticated: false, userId: 0, name: '', permissions: [], languages: [], languageId: null, settings: { sugarLimit: 0, starchLimit: 0 } };
    }
    const [languages, settings, latest] = await Promise.all([listLanguages(this.db), this.settings.getLimits(), this.versions.latest()]);
    return {
      ...base,
      updating: latest !== version,
      authenticated: true,
      userId: user.id,
      name: user.name,
      permissions: user.permissions,
      languages,
      languageId: user.languageId,
      settings,
    };
  }
}
