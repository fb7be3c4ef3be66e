import type { EndpointDef } from './endpoint';
import { authEndpoints } from './features/auth';
import { settingsEndpoints } from './features/settings';
import { carbohydratesEndpoints } from './features/carbohydrates';

export * from './endpoint';
export * from './permissions';
export * from './paging';
export * from './features/auth';
export * from './features/settings';
export * from './features/carbohydrates';

/** Every endpoint of the API, by feature. The server registers exactly these; a test walks them all. */
export const apiFeatures = {
  auth: authEndpoints,
  settings: settingsEndpoints,
  carbohydrates: carbohydratesEndpoints,
} satisfies Record<string, Record<string, EndpointDef>>;

export const allEndpoints: EndpointDef[] = Object.values(apiFeatures).flatMap((f) => Object.values(f) as EndpointDef[]);
