import type { FeatureModule } from '../../platform/features/feature-module';
import { registerPreferences } from './preferences.routes';

/** A user's own preferences, kept by the server (ADR 0135): the columns hidden in lists with many columns. */
export const preferencesFeature: FeatureModule = {
  name: 'preferences',
  owns: ['column_preferences'],
  register: registerPreferences,
};
