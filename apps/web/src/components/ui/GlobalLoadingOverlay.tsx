import { LoadingOverlay } from '@mantine/core';
import { useGlobalLoading } from '../../lib/loading';

/** Shows while any request holds the reference-counted overlay. */
export function GlobalLoadingOverlay() {
  const visible = useGlobalLoading();
  return <LoadingOverlay visible={visible} pos="fixed" zIndex={4000} overlayProps={{ blur: 1 }} data-testid="global-loading" />;
}
