import { referenceListEndpoints } from './reference-lists';

/** /agent (permission Agents): spec part 1 §2, §7. */
export const agentsEndpoints = referenceListEndpoints('agent', 'agent', 'Agents');
