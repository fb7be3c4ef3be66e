/**
 * The fixed texts of the carbohydrate report, by language key. The keys are seeded into the language
 * tables (features/languages REFERENCE_TEXTS, so the Keys tab can edit them); a report reads them in its
 * chosen language, falling back to English and then to the English wording here.
 */
export const REPORT_TEXTS = {
  'report.carbohydrate.title': ['Carbohydrate Report', 'Koolhidraatverslag'],
  'report.client': ['Client', 'Kliënt'],
  'report.farm': ['Farm', 'Plaas'],
  'report.agriculturist': ['Agriculturist', 'Landboukundige'],
  'report.agent': ['Agent', 'Agent'],
  'report.sampleNumber': ['Sample Number', 'Monsternommer'],
  'report.block': ['Block', 'Blok'],
  'report.cropCultivar': ['Crop / Cultivar', 'Gewas / Kultivar'],
  'report.growthStage': ['Growth Stage', 'Groeistadium'],
  'report.organ': ['Organ', 'Orgaan'],
  'report.sugar': ['Sugar', 'Suiker'],
  'report.starch': ['Starch', 'Stysel'],
  'report.sampleDate': ['Sample Date', 'Monsterdatum'],
  'report.resultDate': ['Result Date', 'Uitslagdatum'],
  'report.summary': ['Summary', 'Opsomming'],
  'report.location': ['Location', 'Ligging'],
  'report.samples': ['Samples', 'Monsters'],
  'report.average': ['Average', 'Gemiddeld'],
  'report.low': ['Low', 'Laag'],
  'report.optimal': ['Optimal', 'Optimaal'],
  'report.high': ['High', 'Hoog'],
  'report.page': ['Page {page} of {pages}', 'Bladsy {page} van {pages}'],
  'report.controls': ['Quality control of the runs', 'Gehaltebeheer van die lopies'],
  'report.controls.job': ['Run', 'Lopie'],
  'report.controls.material': ['Control material / lot', 'Kontrolemateriaal / lot'],
  'report.controls.assigned': ['Assigned mean ± SD', 'Toegekende gemiddelde ± SA'],
  'report.controls.value': ['Found', 'Gevind'],
  'report.controls.outcome': ['Westgard', 'Westgard'],
  'report.unit': ['% of dry matter', '% van droë massa'],
  'report.legend': ['L = below range, H = above range; the band shows the range (min to max) and the line its median.', 'L = onder bereik, H = bo bereik; die band wys die bereik (min tot maks) en die lyn die mediaan.'],
  'report.noRange': ['No range', 'Geen bereik'],
} as const satisfies Record<string, readonly [string, string]>;

export type ReportTextKey = keyof typeof REPORT_TEXTS;
export type ReportTexts = Record<ReportTextKey, string>;

export function englishTexts(): ReportTexts {
  return Object.fromEntries(Object.entries(REPORT_TEXTS).map(([k, v]) => [k, v[0]])) as ReportTexts;
}

/** The report's texts from the language tables' texts (already resolved with the English fallback). */
export function reportTexts(stored: Record<string, string>): ReportTexts {
  const base = englishTexts();
  for (const key of Object.keys(base) as ReportTextKey[]) base[key] = stored[key] || base[key];
  return base;
}
