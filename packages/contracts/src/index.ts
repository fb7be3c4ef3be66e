import type { EndpointDef } from './endpoint';
import { authEndpoints } from './features/auth';
import { settingsEndpoints } from './features/settings';
import { tissuesEndpoints } from './features/tissues';
import { cropGrowthsEndpoints } from './features/cropgrowths';

export * from './endpoint';
export * from './permissions';
export * from './paging';
export * from './features/auth';
export * from './features/settings';
export * from './features/tissues';
export * from './features/cropgrowths';

/** Every endpoint of the API, by feature. The server registers exactly these; a test walks them all. */
export const apiFeatures = {
  auth: authEndpoints,
  settings: settingsEndpoints,
  tissues: tissuesEndpoints,
  cropGrowths: cropGrowthsEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints: EndpointDef[] = Object.values(apiFeatures).flatMap((f) => Object.values(f) as EndpointDef[]);
