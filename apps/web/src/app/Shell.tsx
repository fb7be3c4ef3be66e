import { AppShell, Box, Burger, Group, NavLink, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { Suspense, memo, useEffect, useMemo, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { apiFeatures, hasPermission } from '@sapwood/contracts';
import { leavingPage } from '../lib/api';
import { type Translate, useText } from '../lib/i18n';
import { useEndpointMutation } from '../lib/query';
import { useSession } from '../lib/session';
import { type MenuGroup, visibleMenu } from './menu';
import { PageLoader } from '../components/ui/PageLoader';
import { Banners } from '../components/layout/Banners';

/**
 * The app shell: collapsible sidebar (drawer on mobile) with the user's name and version on top, the menu
 * scrolling in its own area below them, and Logout in a footer that never covers a menu item.
 */
export function Shell() {
  const session = useSession();
  const [mobileOpen, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [desktopOpen, { toggle: toggleDesktop }] = useDisclosure(true);
  const location = useLocation();
  const { permissions } = session;
  const groups = useMemo(() => visibleMenu((p) => hasPermission(permissions, p)), [permissions]);
  const t = useText();
  const menuList = useRef<HTMLDivElement>(null);
  // the page reloads from the start either way, so a failure says nothing
  const signOut = useEndpointMutation(apiFeatures.auth.logout, { invalidates: [], onError: () => undefined });
  const logout = () => {
    leavingPage();
    void signOut.mutateAsync({}).catch(() => undefined).finally(() => window.location.assign('/'));
  };

  // the current screen's item stays in sight, also in a short window
  useEffect(() => {
    menuList.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest' });
  }, [location.pathname]);

  return (
    <AppShell
      header={{ height: 44 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } }}
      padding="sm"
    >
      <AppShell.Header>
        <Group h="100%" px="sm" gap="xs">
          <Burger opened={mobileOpen} onClick={toggleMobile} hiddenFrom="sm" size="sm" aria-label="Toggle menu" />
          <Burger opened={desktopOpen} onClick={toggleDesktop} visibleFrom="sm" size="sm" aria-label="Toggle sidebar" />
          <Title order={4} c="teal.8">Sapwood</Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main menu">
        <AppShell.Section px="sm" py={6}>
          <Text size="sm" fw={600} data-testid="user-name">{session.name}</Text>
          <Text size="xs" c="dimmed" data-testid="app-version">{t('shell.version', 'Version')} {session.version}</Text>
        </AppShell.Section>
        <AppShell.Section grow ref={menuList} style={MENU_LIST_STYLE} data-testid="menu-list">
          <MenuLinks groups={groups} pathname={location.pathname} t={t} onNavigate={closeMobile} />
        </AppShell.Section>
        <AppShell.Section p="sm" style={MENU_FOOTER_STYLE} data-testid="menu-footer">
          <UnstyledButton component="a" href="#logout" onClick={(e) => { e.preventDefault(); logout(); }} data-testid="logout">
            <Group gap={6}><IconLogout size={16} /><Text size="sm">{t('shell.logout', 'Logout')}</Text></Group>
          </UnstyledButton>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Banners />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * The menu's groups and links, the current screen's marked. Drawn again only when the screen, the menu or the
 * language changes: a list's page, search or sort changes the address's query, and the shell with it (issue 36).
 */
const MenuLinks = memo(function MenuLinks({ groups, pathname, t, onNavigate }: {
  groups: MenuGroup[]; pathname: string; t: Translate; onNavigate: () => void;
}) {
  return groups.map((g) => (
    <Box key={g.group} mb={4}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={6} pb={2} data-menu-group>{t(g.key, g.group)}</Text>
      {g.items.map((item) => (
        <NavLink
          key={item.path}
          component={Link}
          to={item.path}
          label={t(item.key, item.label)}
          active={pathname === item.path}
          onClick={onNavigate}
          py={4}
        />
      ))}
    </Box>
  ));
});

/** The menu list scrolls by itself between the header and the footer (min-height 0 lets it shrink below its content). */
const MENU_LIST_STYLE = { minHeight: 0, overflowY: 'auto', overscrollBehavior: 'contain' } as const;
const MENU_FOOTER_STYLE = { flexShrink: 0, borderTop: '1px solid var(--app-shell-border-color)' } as const;
