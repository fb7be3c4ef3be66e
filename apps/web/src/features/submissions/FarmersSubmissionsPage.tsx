import { SubmissionsPage } from './SubmissionsPage';

/** /farmerssamplesubmissions: farmers' sample submissions. */
export default function FarmersSubmissionsPage() {
  return <SubmissionsPage kind="soil" />;
}
