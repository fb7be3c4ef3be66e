import type { PreviewPage } from '@sapwood/contracts';

/** Spec part 2 §9: the preview image is drawn again 400 ms after typing stops. */
export const TEXT_DEBOUNCE_MS = 400;

/**
 * The two texts' labels (spec §2: labelled in Afrikaans): the Afrikaans texts of the language keys
 * `report.leaf.plantSays` and `report.leaf.recommendation` that the page image uses.
 */
export const PAGE_LABELS = { plantSay: 'Wat sê jou plant?', recommendation: 'Aanbeveling' } as const;

export interface PageTexts {
  recommendation: string;
  plantSay: string;
}

/**
 * The preview as the dialog holds it: the pages as last saved (texts and version), what was typed on each page
 * not saved yet (kept while paging, so nothing typed is lost), and the page shown.
 */
export interface PreviewState {
  pages: PreviewPage[];
  typed: Readonly<Record<string, PageTexts>>;
  index: number;
}

export type PreviewAction =
  | { type: 'go'; to: number }
  | { type: 'step'; by: 1 | -1 }
  | { type: 'type'; field: keyof PageTexts; value: string }
  /** a page's texts were saved: its new version; what was typed after them stays unsaved */
  | { type: 'saved'; key: string; texts: PageTexts; rowVersion: number }
  /** the pages as saved now (after someone else saved one): what was typed on `drop` goes, the rest stays */
  | { type: 'reloaded'; pages: PreviewPage[]; drop: string };

export const pageKey = (p: { submissionId: number; sampleId: number }) => `${p.submissionId}:${p.sampleId}`;

const clamp = (i: number, pages: readonly unknown[]) => Math.max(0, Math.min(i, pages.length - 1));
const same = (a: PageTexts, b: PageTexts) => a.recommendation === b.recommendation && a.plantSay === b.plantSay;
const savedTexts = (p: PreviewPage): PageTexts => ({ recommendation: p.recommendation, plantSay: p.plantSay });

export const initialPreview = (pages: PreviewPage[]): PreviewState => ({ pages, typed: {}, index: 0 });

/** The texts a page shows: what was typed on it, else what is saved. */
export function textsOf(state: PreviewState, index = state.index): PageTexts {
  const page = state.pages[index];
  if (!page) return { recommendation: '', plantSay: '' };
  return state.typed[pageKey(page)] ?? savedTexts(page);
}

/** The pages (their indexes) whose texts differ from what is saved. */
export function unsavedPages(state: PreviewState): number[] {
  return state.pages.flatMap((p, i) => {
    const typed = state.typed[pageKey(p)];
    return typed && !same(typed, savedTexts(p)) ? [i] : [];
  });
}

function withoutKey(typed: PreviewState['typed'], key: string): PreviewState['typed'] {
  const { [key]: _gone, ...rest } = typed;
  return rest;
}

export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case 'go':
      return { ...state, index: clamp(action.to, state.pages) };
    case 'step':
      return { ...state, index: clamp(state.index + action.by, state.pages) };
    case 'type': {
      const page = state.pages[state.index];
      if (!page) return state;
      return { ...state, typed: { ...state.typed, [pageKey(page)]: { ...textsOf(state), [action.field]: action.value } } };
    }
    case 'saved': {
      const pages = state.pages.map((p) => (pageKey(p) === action.key ? { ...p, ...action.texts, rowVersion: action.rowVersion } : p));
      const typed = state.typed[action.key];
      return { ...state, pages, typed: typed && same(typed, action.texts) ? withoutKey(state.typed, action.key) : state.typed };
    }
    case 'reloaded': {
      const keys = new Set(action.pages.map(pageKey));
      const typed = Object.fromEntries(Object.entries(withoutKey(state.typed, action.drop)).filter(([k]) => keys.has(k)));
      return { pages: action.pages, typed, index: clamp(state.index, action.pages) };
    }
  }
}

/** The page image with the texts typed (both always sent: an emptied text is drawn empty, not as saved). */
export function pageImageUrl(page: Pick<PreviewPage, 'imageUrl'>, texts: PageTexts): string {
  const [path, query = ''] = page.imageUrl.split('?');
  const params = new URLSearchParams(query);
  params.set('recommendation', texts.recommendation);
  params.set('whatDoesPlantSay', texts.plantSay);
  return `${path}?${params.toString()}`;
}

/** The leafIds of a report's PDF: every page's sample, in page order, once each ('4,5,9'). */
export const pdfLeafIds = (pages: readonly Pick<PreviewPage, 'sampleId'>[]) => [...new Set(pages.map((p) => p.sampleId))].join(',');

/** The key press a page change answers: ArrowLeft back, ArrowRight on; none while typing in a field or with a modifier. */
export function arrowStep(
  e: { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean },
  target: { tagName?: string; isContentEditable?: boolean } | null,
): 1 | -1 | 0 {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return 0;
  const tag = target?.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'INPUT' || tag === 'SELECT' || target?.isContentEditable) return 0;
  return e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
}
