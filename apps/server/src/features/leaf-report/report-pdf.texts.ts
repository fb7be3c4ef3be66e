/**
 * The fixed texts of the leaf and farmers' report PDFs by language key ([English, Afrikaans]), seeded into the
 * language tables with the page's own (leaf-report.texts.ts), editable on the Keys tab.
 */
export const REPORT_PDF_TEXTS = {
  'report.sub.client': ['Client', 'Kliënt'],
  'report.sub.farm': ['Farm', 'Plaas'],
  'report.sub.agronomist': ['Agronomist', 'Agronoom'],
  'report.sub.agent': ['Agent', 'Agent'],
  'report.sub.distributor': ['Distributor', 'Verspreider'],
  'report.sub.submission': ['Submission', 'Indiening'],
  'report.sub.lab': ['Lab', 'Laboratorium'],
  'report.sub.page': ['Page {page} of {pages}', 'Bladsy {page} van {pages}'],
  'report.sub.summary': ['Summary', 'Opsomming'],
  'report.sub.index': ['Index', 'Inhoud'],
  'report.sub.pageNo': ['Page', 'Bladsy'],
  'report.sub.guidelines': ['Guidelines', 'Riglyne'],
  'report.sub.element': ['Element', 'Element'],
  'report.sub.value': ['Value', 'Waarde'],
  'report.sub.unit': ['Unit', 'Eenheid'],
  'report.sub.range': ['Norm range', 'Normbereik'],
  'report.sub.result': ['Result', 'Uitslag'],
  'report.sub.crop': ['Crop', 'Gewas'],
  'report.sub.growthStage': ['Growth stage', 'Groeistadium'],
  'report.sub.organ': ['Organ', 'Orgaan'],
  'report.sub.sampleDate': ['Sample date', 'Monsterdatum'],
  'report.sub.na': ['Not analysed (N/A)', 'Nie ontleed nie (N/A)'],
  'report.sub.sanas': ['Tested by a SANAS-accredited laboratory', "Getoets deur 'n SANAS-geakkrediteerde laboratorium"],
  'report.sub.flagged': ['Outside the plausible range, as the lab returned it:', 'Buite die aanneemlike bereik, soos die laboratorium dit teruggestuur het:'],
  'report.sub.legend': ['L = below the norm range, H = above it.', 'L = onder die normbereik, H = daarbo.'],
} as const satisfies Record<string, readonly [string, string]>;

/** Keys the shared seed already declares (languages.seed-data.ts): read, not declared again; their English. */
export const SHARED_PDF_TEXTS = {
  'report.leaf.title': 'Leaf Analysis Report',
  'report.farmers.title': "Farmer's Sample Report",
} as const;

export type ReportPdfTextKey = keyof typeof REPORT_PDF_TEXTS | keyof typeof SHARED_PDF_TEXTS;
export type ReportPdfTexts = Record<ReportPdfTextKey, string>;
export const REPORT_PDF_TEXT_KEYS = [...Object.keys(REPORT_PDF_TEXTS), ...Object.keys(SHARED_PDF_TEXTS)];

/** The PDF's texts from the language tables' (with the English fallback), else the English here. */
export function reportPdfTexts(stored: Record<string, string>): ReportPdfTexts {
  const english: Record<string, string> = { ...SHARED_PDF_TEXTS, ...Object.fromEntries(Object.entries(REPORT_PDF_TEXTS).map(([k, v]) => [k, v[0]])) };
  return Object.fromEntries(Object.entries(english).map(([k, e]) => [k, stored[k] || e])) as ReportPdfTexts;
}
