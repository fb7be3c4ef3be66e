import { CapturesPage } from './CapturesPage';

/** /leafs: the leaf captures. */
export default function LeafsPage() {
  return <CapturesPage kind="leaf" />;
}
