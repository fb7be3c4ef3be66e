import type { EndpointDef } from './endpoint';
import { authEndpoints } from './features/auth';
import { preferencesEndpoints } from './features/preferences';
import { settingsEndpoints } from './features/settings';
import { carbohydrateReportEndpoints } from './features/carbohydrate-report';
import { languagesEndpoints } from './features/languages';
import { agentsEndpoints } from './features/agents';
import { depotsEndpoints } from './features/depots';
import { farmsEndpoints } from './features/farms';
import { labEndpoints } from './features/lab';
import { qcEndpoints } from './features/qc';
import { addressEndpoints } from './features/addresses';
import { distributorEndpoints } from './features/distributors';
import { userEndpoints } from './features/users';
import { roleEndpoints } from './features/roles';
import { agronomistEndpoints } from './features/agronomists';
import { tissuesEndpoints } from './features/tissues';
import { cropGrowthsEndpoints } from './features/cropgrowths';
import { carbohydratesEndpoints } from './features/carbohydrates';
import { docsEndpoints } from './features/docs';
import { errorEndpoints } from './features/errors';
import { labminEndpoints } from './features/labmins';
import { drisgraphsEndpoints } from './features/drisgraphs';
import { cropsEndpoints } from './features/crops';
import { farmersSampleEndpoints, leafsEndpoints } from './features/leafs';
import { farmersSubmissionResultEndpoints, submissionResultEndpoints } from './features/submission-results';
import { farmersSubmissionEndpoints, submissionEndpoints } from './features/submissions';
import { farmersReportEndpoints, leafReportEndpoints } from './features/leaf-report';
import { farmersPdfEndpoints, leafPdfEndpoints } from './features/submission-reports';
import { farmersSubmissionPostingEndpoints, submissionPostingEndpoints } from './features/submission-posting';

export * from './endpoint';
export * from './permissions';
export * from './paging';
export * from './fields';
export * from './messages';
export * from './format/dates';
export * from './format/csv';
export * from './features/auth';
export * from './features/preferences';
export * from './features/settings';
export * from './features/carbohydrate-report';
export * from './features/languages';
export * from './features/reference-lists';
export * from './features/agents';
export * from './features/depots';
export * from './features/farms';
export * from './features/lab';
export * from './carbohydrate/labjob-paste';
export * from './carbohydrate/labjob-rules';
export * from './carbohydrate/location-group';
export * from './features/addresses';
export * from './features/distributors';
export * from './features/users';
export * from './features/roles';
export * from './features/agronomists';
export * from './features/tissues';
export * from './features/cropgrowths';
export * from './features/carbohydrates';
export * from './features/docs';
export * from './features/errors';
export * from './features/labmins';
export * from './features/drisgraphs';
export * from './features/crop-norms';
export * from './features/leafs';
export * from './features/capture-results';
export * from './features/submission-enums';
export * from './features/submission-draft';
export * from './features/submission-csv';
export * from './features/submissions';
export * from './features/submission-results';
export * from './features/submission-posting';
export * from './features/manual-result-csv';
export * from './features/manual-grid-row';
export * from './features/leaf-report';
export * from './features/submission-reports';
export { CROP_IMAGE_MESSAGES, CROP_MESSAGES, CropGraphRow, CropStagesOrder, CropWithCultivars, CropWithGrowths, CultivarGraphRow, cropImageUrl, CropMasterRow, CropData, CropUpsertData, type CropUpsertDataInput, CropUpsert, CultivarNorms, CultivarNormsInput, StageNorms, StageNormsInput, NORM_LEVELS, ResolvedElement, ResolvedNorms, cropsEndpoints } from './features/crops';
export * from './dris/elements';
export * from './dris/expression';
export * from './dris/engine';
export * from './dris/formula-graph';
export * from './dris/units';
export * from './values/bounds';
export * from './values/result-bounds';
export * from './values/norm-bounds';
export * from './values/sample-values';

/** Every endpoint of the API, by feature. The server registers exactly these; a test walks them all. */
export const apiFeatures = {
  auth: authEndpoints,
  preferences: preferencesEndpoints,
  settings: settingsEndpoints,
  carbohydrateReport: carbohydrateReportEndpoints,
  languages: languagesEndpoints,
  agents: agentsEndpoints,
  depots: depotsEndpoints,
  farms: farmsEndpoints,
  lab: labEndpoints,
  qc: qcEndpoints,
  addresses: addressEndpoints,
  distributors: distributorEndpoints,
  users: userEndpoints,
  roles: roleEndpoints,
  agronomists: agronomistEndpoints,
  tissues: tissuesEndpoints,
  cropGrowths: cropGrowthsEndpoints,
  carbohydrates: carbohydratesEndpoints,
  docs: docsEndpoints,
  errors: errorEndpoints,
  labmins: labminEndpoints,
  drisgraphs: drisgraphsEndpoints,
  crops: cropsEndpoints,
  leafs: leafsEndpoints,
  farmersSamples: farmersSampleEndpoints,
  submissions: submissionEndpoints,
  farmersSubmissions: farmersSubmissionEndpoints,
  submissionResults: submissionResultEndpoints,
  farmersSubmissionResults: farmersSubmissionResultEndpoints,
  leafReport: leafReportEndpoints,
  farmersReport: farmersReportEndpoints,
  leafPdf: leafPdfEndpoints,
  farmersPdf: farmersPdfEndpoints,
  submissionPosting: submissionPostingEndpoints,
  farmersSubmissionPosting: farmersSubmissionPostingEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints: EndpointDef[] = Object.values(apiFeatures).flatMap((f) => Object.values(f) as EndpointDef[]);
export * from './values/result-row';
export * from './qc/westgard';
export * from './features/qc';
