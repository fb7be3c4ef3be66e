import { apiFeatures } from '@sapwood/contracts';
import { ReferenceListPage } from '../reference-lists';

/** /depot (permission Depots). */
export default function DepotsPage() {
  return <ReferenceListPage endpoints={apiFeatures.depots} names={{ title: 'Depot', noun: 'depot' }} />;
}
