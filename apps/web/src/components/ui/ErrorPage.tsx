import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { reportCrash } from '../../lib/crashReports';

export function ErrorFallback({ title = 'Error loading app' }: { title?: string }) {
  return (
    <Center h="80vh">
      <Stack align="center" gap="xs" maw={520}>
        <Title order={3}>{title}</Title>
        <Text ta="center">Oops, something went wrong. The exact error has been logged and our developers have been notified.</Text>
        <Anchor href="/">Start over</Anchor>
      </Stack>
    </Center>
  );
}

/** Catches a screen that throws while rendering and shows the fallback page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('screen failed', error);
    // the fallback page's promise: the error is reported (the error-reporting service, or the Errors screen)
    reportCrash(error);
  }
  override render() {
    return this.state.failed ? <ErrorFallback title="Something went wrong" /> : this.props.children;
  }
}
