import { CapturesPage } from './CapturesPage';

/** /farmerssampleentries: the farmers' (soil) sample captures. */
export default function FarmersEntriesPage() {
  return <CapturesPage kind="soil" />;
}
