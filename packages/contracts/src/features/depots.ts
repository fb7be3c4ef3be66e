import { referenceListEndpoints } from './reference-lists';

/** /depot (permission Depots): spec part 1 §2, §7. */
export const depotsEndpoints = referenceListEndpoints('depot', 'depot', 'Depots');
