import { preferencesEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { PreferencesService } from './preferences.service';

export function registerPreferences(registrar: Registrar, deps: FeatureContext): void {
  const preferences = new PreferencesService(deps.db);
  registrar.feature(preferencesEndpoints, {
    columns: (_input, ctx) => preferences.columns(ctx.user.id),
    saveColumns: (input, ctx) => preferences.saveColumns(ctx.user.id, input),
  });
}
