import { SubmissionsPage } from './SubmissionsPage';

/** /submissions: leaf submissions. */
export default function LeafSubmissionsPage() {
  return <SubmissionsPage kind="leaf" />;
}
