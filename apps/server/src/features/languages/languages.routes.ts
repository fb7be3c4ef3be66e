import { languagesEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { LanguagesService } from './languages.service';

export function registerLanguages(registrar: Registrar, ctx: FeatureContext): void {
  const languages = new LanguagesService(ctx.db);
  registrar.feature(languagesEndpoints, {
    index: () => languages.index(),
    languages: (input) => languages.pagedLanguages(input),
    keysLookup: (_input, ctx) => languages.keysLookup(ctx.user.languageId),
    keys: (input) => languages.pagedKeys(input),
    upsertLanguage: (input, ctx) => languages.upsertLanguage(input, ctx.user.id),
    upsertKeyText: (input, ctx) => languages.upsertKeyText(input, ctx.user.id),
    changeDisplay: (input, ctx) => languages.changeDisplay(input, ctx.user.id),
    addNewKey: (input, ctx) => languages.addNewKey(input, ctx.user.id),
    deleteKey: (input, ctx) => languages.deleteKey(input.keyId, ctx.user.id),
  });
}
