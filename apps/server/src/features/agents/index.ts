import { agentsEndpoints } from '@sapwood/contracts';
import { defineReferenceList } from '../reference-lists';

/**
 * /api/agent/*: an archivable named reference list. Lab job entries and captured samples name an agent by
 * text; their movers (features/lab/lab.movers.ts) move them when an agent is archived with a replacement.
 */
export const agentsFeature = defineReferenceList({
  name: 'agents', table: 'agents', noun: 'agent', columns: ['name', 'originate'], created: 'insert',
  endpoints: agentsEndpoints, calls: { index: 'index', paged: 'paged', upsert: 'upsert', archive: 'archive' },
  demoRows: [
    { name: 'Cape Agri Services (demo)', originate: 'International' }, { name: 'Valley Field Agents (demo)', originate: 'International' },
    { name: 'Pacific Crop Partners (demo)', originate: 'Usa' },
  ],
});
