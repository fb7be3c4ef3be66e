import { agentsEndpoints } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import type { Registrar } from '../../http/registrar';
import { registerReferenceList } from '../reference-lists/reference-list.routes';
import { moveAgentReferences } from './agents.repository';

/** /api/agent/*: an archivable named reference list whose references are lab entries and samples. */
export function registerAgents(registrar: Registrar, db: Db): void {
  registerReferenceList(registrar, agentsEndpoints, db, { table: 'agents', noun: 'agent', moveReferences: moveAgentReferences });
}
