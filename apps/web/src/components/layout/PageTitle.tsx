import { Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { useText } from '../../lib/i18n';
import { useMenuItem } from '../../lib/menu';

/** A list screen's title: its side-menu label (the same text key, so it follows the user's language). */
export function PageTitle() {
  const { pathname } = useLocation();
  const t = useText();
  const item = useMenuItem(pathname);
  if (!item) return null;
  return <Title order={4} mb="xs" data-testid="page-title">{t(item.key, item.label)}</Title>;
}
