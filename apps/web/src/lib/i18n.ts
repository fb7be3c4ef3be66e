import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { languagesEndpoints } from '@sapwood/contracts';
import { call } from './api';
import { queryKeyOf } from './query';
import { useStartup } from './session';

/** The texts' key: their endpoint's, then the language (a change of texts names `apiFeatures.languages`). */
export const TEXTS_KEY = queryKeyOf(languagesEndpoints.keysLookup);

/** Translates a text key; answers the fallback (the built-in English wording) when there is no text. */
export type Translate = (key: string, fallback: string) => string;

/**
 * The web app's texts: the frontend keys in the signed-in user's language (English where a text is
 * missing), loaded once per language. Before sign-in there are none, so the built-in English shows.
 */
export function useTexts() {
  const startup = useStartup();
  const authenticated = startup.data?.authenticated ?? false;
  const languageId = startup.data?.languageId ?? null;
  return useQuery({
    queryKey: [...TEXTS_KEY, languageId],
    queryFn: () => call(languagesEndpoints.keysLookup, {}),
    enabled: authenticated,
    staleTime: 5 * 60_000,
  });
}

/** `const t = useText(); t('menu.users', 'Users')` */
export function useText(): Translate {
  const texts = useTexts().data?.texts;
  return useCallback((key, fallback) => texts?.[key] || fallback, [texts]);
}
