import { useParams } from 'react-router';
import { apiFeatures } from '@sapwood/contracts';
import { ReportProgress } from '../../../components/ui/ReportProgress';

const api = apiFeatures.carbohydrateReport;

/** The tab a carbohydrate report download opens: shows the report's progress, then downloads it. */
export default function ReportProgressPage() {
  const id = Number(useParams().id);
  return <ReportProgress title={`Carbohydrate report ${id}`} id={id} status={api.reportStatus} file={api.reportFile} />;
}
