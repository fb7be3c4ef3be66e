import { apiFeatures } from '@sapwood/contracts';
import { ReferenceListPage } from '../reference-lists';

/** /agent (permission Agents). */
export default function AgentsPage() {
  return <ReferenceListPage endpoints={apiFeatures.agents} names={{ title: 'Agent', noun: 'agent' }} />;
}
