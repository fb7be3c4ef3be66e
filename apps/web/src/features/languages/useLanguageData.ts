import { apiFeatures } from '@sapwood/contracts';
import type { Invalidates } from '../../lib/query';
import { useEndpointQuery } from '../../lib/query';

const ep = apiFeatures.languages;

/** Every language (the Keys grid has a column per language). */
export function useLanguageList() {
  return useEndpointQuery(ep.index, {});
}

/** What a change of languages makes stale: the tables, pick lists, the app's texts and the start-up data's languages. */
export const LANGUAGES_CHANGED: Invalidates = [ep, apiFeatures.auth.initial];
/** What a change of keys or texts makes stale: the Keys table and the app's own texts. */
export const KEYS_CHANGED: Invalidates = [ep];
