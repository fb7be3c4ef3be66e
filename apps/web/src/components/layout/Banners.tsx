import { Alert, Button, Group, Text } from '@mantine/core';
import { CLIENT_VERSION, useVersionNotice } from '../../lib/versionNotice';
import { useSession } from '../../lib/session';
import { useText } from '../../lib/i18n';

export function Banners() {
  const session = useSession();
  // the build's own version against the server's pushes; the start-up data's (the server's) against the stored one
  const newVersion = useVersionNotice(CLIENT_VERSION, session.version);
  const t = useText();
  return (
    <>
      {session.isDev && (
        <Alert color="red" variant="filled" radius={0} py={4} data-testid="dev-banner">
          <Text size="sm" fw={600} ta="center">{t('banner.testing', 'This is a testing environment.')}</Text>
        </Alert>
      )}
      {newVersion && (
        <Alert color="yellow" radius={0} py={6} data-testid="version-banner">
          <Group justify="center" gap="md">
            <Text size="sm">{t('banner.newVersion', 'New version is available. Please save your work and update.')}</Text>
            <Button size="xs" onClick={() => window.location.reload()}>{t('banner.update', 'Update')}</Button>
          </Group>
        </Alert>
      )}
    </>
  );
}
