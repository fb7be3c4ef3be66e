import { Paper, Text, Title } from '@mantine/core';
import { MENU } from './menu';
import { SCREENS, screenAt } from './screens';
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
  const Screen = screenAt(path)?.page;
  if (Screen) return <Screen />;
  return (
    <Paper p="lg" withBorder data-testid="placeholder">
      <Title order={4}>{item ? `${item.group} · ${item.label}` : path}</Title>
      <Text size="sm" c="dimmed">This screen is not built yet.</Text>
    </Paper>
  );
}

/** The routes guarded by a permission: every menu item's (the menu's table says which), a placeholder until a feature serves it. */
export const PROTECTED_PATHS: readonly string[] = ITEMS.map((i) => i.path);

/** Every route inside the shell: the protected ones, then the screens off the menu (any signed-in user). */
export const SHELL_PATHS: readonly string[] = [...PROTECTED_PATHS, ...SCREENS.map((s) => s.path).filter((p) => !PROTECTED_PATHS.includes(p))];
