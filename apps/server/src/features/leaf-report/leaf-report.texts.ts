import type { ChartTexts } from './chart/leaf-chart';

/**
 * The leaf report's fixed texts by language key ([English, Afrikaans]); seeded into the language tables (the
 * Keys tab edits them). A page reads them in the report's language with the English fallback.
 */
export const LEAF_REPORT_TEXTS = {
  'report.leaf.sample': ['Sample', 'Monster'],
  'report.leaf.block': ['Block', 'Blok'],
  'report.leaf.below': ['Low', 'Laag'],
  'report.leaf.inside': ['Optimum', 'Optimaal'],
  'report.leaf.above': ['High', 'Hoog'],
  'report.leaf.noNorm': ['No norm', 'Geen norm'],
  'report.leaf.notAnalysed': ['Not analysed', 'Nie ontleed nie'],
  'report.leaf.dris': ['DRIS index', 'DRIS-indeks'],
  'report.leaf.nbi': ['NBI', 'NBI'],
  'report.leaf.zoneDeficient': ['Deficient', 'Tekort'],
  'report.leaf.zoneLow': ['Low', 'Laag'],
  'report.leaf.zoneOptimum': ['Optimum', 'Optimaal'],
  'report.leaf.zoneHigh': ['High', 'Hoog'],
  'report.leaf.zoneExcess': ['Excess', 'Oormaat'],
} as const satisfies Record<string, readonly [string, string]>;

/** Keys the shared seed already declares (languages.seed-data.ts): read, not declared again; their English. */
export const SHARED_LEAF_TEXTS = {
  'report.leaf.plantSays': 'What does your plant say?',
  'report.leaf.recommendation': 'Recommendation',
} as const;

export type LeafReportTextKey = keyof typeof LEAF_REPORT_TEXTS | keyof typeof SHARED_LEAF_TEXTS;
export type LeafReportTexts = Record<LeafReportTextKey, string>;
export const LEAF_REPORT_TEXT_KEYS = [...Object.keys(LEAF_REPORT_TEXTS), ...Object.keys(SHARED_LEAF_TEXTS)];

/** The page's texts from the language tables' (already with the English fallback), else the English here. */
export function leafReportTexts(stored: Record<string, string>): LeafReportTexts {
  const english: Record<string, string> = { ...SHARED_LEAF_TEXTS, ...Object.fromEntries(Object.entries(LEAF_REPORT_TEXTS).map(([k, v]) => [k, v[0]])) };
  return Object.fromEntries(Object.entries(english).map(([k, e]) => [k, stored[k] || e])) as LeafReportTexts;
}

export function chartTexts(t: LeafReportTexts): ChartTexts {
  return {
    below: t['report.leaf.below'], inside: t['report.leaf.inside'], above: t['report.leaf.above'], noNorm: t['report.leaf.noNorm'],
    notAnalysed: t['report.leaf.notAnalysed'], dris: t['report.leaf.dris'], nbi: t['report.leaf.nbi'],
    zones: [t['report.leaf.zoneDeficient'], t['report.leaf.zoneLow'], t['report.leaf.zoneOptimum'], t['report.leaf.zoneHigh'], t['report.leaf.zoneExcess']],
  };
}
