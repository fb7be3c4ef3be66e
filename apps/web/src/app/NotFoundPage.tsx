import { Anchor, Paper, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** A path no screen serves (a mistyped or old link): says so, and leads home. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <Paper p="lg" withBorder data-testid="not-found">
      <Title order={4}>Page not found</Title>
      <Text size="sm" c="dimmed" mt={4}>
        There is no page at <code>{location.pathname}</code>. It may have moved, or the link may be mistyped.
      </Text>
      <Anchor component={Link} to="/" size="sm" mt="sm" display="inline-block" data-testid="not-found-home">Go to the home page</Anchor>
    </Paper>
  );
}
