import { Paper, Text, Title } from '@mantine/core';
import { useSession } from '../lib/session';

export function HomePage() {
  const session = useSession();
  return (
    <Paper p="lg" withBorder>
      <Title order={4}>Welcome, {session.name}</Title>
      <Text size="sm" c="dimmed">Choose a screen from the menu.</Text>
    </Paper>
  );
}
