import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFeatures } from '@sapwood/contracts';
import { call } from '../../lib/api';
import { TEXTS_KEY } from '../../lib/i18n';
import { STARTUP_KEY } from '../../lib/session';

const INDEX_KEY = [apiFeatures.languages.index.path];

/** Every language (the Keys grid has a column per language; the dialog checks names against them). */
export function useLanguageList() {
  return useQuery({ queryKey: INDEX_KEY, queryFn: () => call(apiFeatures.languages.index, {}) });
}

/** Refreshes what a change of languages or texts shows: the tables, pick lists and the app's own texts. */
export function useLanguagesChanged() {
  const qc = useQueryClient();
  return {
    languages: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: INDEX_KEY }),
        qc.invalidateQueries({ queryKey: [apiFeatures.languages.languages.path] }),
        qc.invalidateQueries({ queryKey: STARTUP_KEY }),
      ]),
    keys: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [apiFeatures.languages.keys.path] }),
        qc.invalidateQueries({ queryKey: TEXTS_KEY }),
      ]),
  };
}
