import { Paper, Text, Title } from '@mantine/core';
import { MENU } from './menu';
import { SCREENS } from './screens';
import { useCan } from '../lib/session';

const ITEMS = MENU.flatMap((g) => g.items.map((i) => ({ ...i, group: g.group })));

/** A protected route: checks the permission, then shows the screen (or a placeholder if not built yet). */
export function ProtectedScreen({ path }: { path: string }) {
  const can = useCan();
  const item = ITEMS.find((i) => i.path === path);
  if (item && !can(item.permission)) {
    return (
      <Paper p="lg" withBorder>
        <Title order={4}>No access</Title>
        <Text size="sm" c="dimmed">You do not have permission to open this page.</Text>
      </Paper>
    );
  }
  const Screen = SCREENS[path];
  if (Screen) return <Screen />;
  return (
    <Paper p="lg" withBorder data-testid="placeholder">
      <Title order={4}>{item ? `${item.group} · ${item.label}` : path}</Title>
      <Text size="sm" c="dimmed">This screen is not built yet.</Text>
    </Paper>
  );
}

export const PROTECTED_PATHS = [
  '/leafs', '/carbohydrates', '/carbohydratestissues', '/carbohydratesgrowths', '/farmerssampleentries',
  '/farmerssamplesubmissions', '/labmins', '/crops', '/drisgraphs', '/labjobs', '/users', '/roles', '/languages',
  '/addresses', '/distributors', '/submissions', '/settings', '/farms', '/agronomist', '/agent', '/depot',
];
