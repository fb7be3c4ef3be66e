import { useLocation, useParams } from 'react-router';
import { apiFeatures } from '@sapwood/contracts';
import { ReportProgress } from '../../../components/ui/ReportProgress';

/**
 * The tab a leaf or farmers' report PDF opens (/reports/leaf/:id, /reports/farmers/:id; the questpdf links answer
 * with it): the report's progress, then its download.
 */
export default function ReportProgressPage() {
  const id = Number(useParams().id);
  const leaf = useLocation().pathname.startsWith('/reports/leaf/');
  const api = leaf ? apiFeatures.leafPdf : apiFeatures.farmersPdf;
  return <ReportProgress title={`${leaf ? 'Leaf' : 'Farmers sample'} report ${id}`} id={id} status={api.reportStatus} file={api.reportFile} />;
}
