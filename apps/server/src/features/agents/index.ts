import { agentsEndpoints } from '@sapwood/contracts';
import { namedArchivableList } from '../reference-lists';

/**
 * /api/agent/*: an archivable named reference list. Lab job entries and captured samples name an agent by
 * text; their movers (features/lab/lab.movers.ts) move them when an agent is archived with a replacement.
 */
export const agentsFeature = namedArchivableList({
  name: 'agents', endpoints: agentsEndpoints, table: 'agents', noun: 'agent',
  demo: [['Cape Agri Services (demo)', 'International'], ['Valley Field Agents (demo)', 'International'], ['Pacific Crop Partners (demo)', 'Usa']],
});
