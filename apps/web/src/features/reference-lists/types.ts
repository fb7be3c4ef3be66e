import type { referenceListEndpoints } from '@sapwood/contracts';

/** The four calls of an archivable named reference list (agents, depots). */
export type ReferenceListEndpoints = ReturnType<typeof referenceListEndpoints>;

/** How a screen names its list: 'Agent' in titles, 'agent' in messages. */
export interface ReferenceListNames {
  title: string;
  noun: string;
}
