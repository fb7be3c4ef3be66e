/** The archivable named reference lists (agents, depots): one page and dialogs shared by both screens. */
export { ReferenceListPage } from './ReferenceListPage';
export type { ReferenceListEndpoints, ReferenceListNames } from './types';
