import type { FeatureModule } from '../../platform/features/feature-module';
import { registerLanguages } from './languages.routes';

/** What other server features may use of languages: texts for rendering (reports) in a chosen language. */
export { loadTexts, type Texts } from './texts';
export { REFERENCE_TEXTS } from './languages.seed-data';
export { seedLanguageTexts } from './languages.seed';

export const languagesFeature: FeatureModule = {
  name: 'languages',
  owns: ['languages', 'language_keys', 'language_texts'],
  register: registerLanguages,
  keeps: [
    { refers: 'languages', table: 'language_texts', column: 'language_id', same: { by: ['key_id'] }, reason: "a language's texts belong to it (languages are never deleted or archived)" },
  ],
};
