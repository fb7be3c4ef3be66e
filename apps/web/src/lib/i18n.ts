import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiFeatures } from '@sapwood/contracts';
import { call } from './api';
import { useStartup } from './session';

export const TEXTS_KEY = ['texts'] as const;

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
    queryFn: () => call(apiFeatures.languages.keysLookup, {}),
    enabled: authenticated,
    staleTime: 5 * 60_000,
  });
}

/** `const t = useText(); t('menu.users', 'Users')` */
export function useText(): Translate {
  const texts = useTexts().data?.texts;
  return useCallback((key, fallback) => texts?.[key] || fallback, [texts]);
}

/** After texts change (Keys tab), every screen shows the new ones. */
export function useRefreshTexts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: TEXTS_KEY });
}
