import { Title } from '@mantine/core';
import { useLocation } from 'react-router';
import { menuItemFor, menuItemKey } from '../../app/menu';
import { useText } from '../../lib/i18n';

/** A list screen's title: its side-menu label (the same text key, so it follows the user's language). */
export function PageTitle() {
  const { pathname } = useLocation();
  const t = useText();
  const item = menuItemFor(pathname);
  if (!item) return null;
  return <Title order={4} mb="xs" data-testid="page-title">{t(menuItemKey(item), item.label)}</Title>;
}
