import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { type ComponentType, useEffect, useState } from 'react';
import { PageLoader } from '../components/ui/PageLoader';

/** How long a screen's code may take to load before the screen says it could not (spec part 1 §9: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The time-out in force: a test may shorten it (window.__sapwoodChunkTimeoutMs, set before the app loads). */
function chunkTimeoutMs(): number {
  const asked = (window as { __sapwoodChunkTimeoutMs?: unknown }).__sapwoodChunkTimeoutMs;
  return typeof asked === 'number' && asked > 0 ? asked : CHUNK_TIMEOUT_MS;
}

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * A screen whose code loads when first shown. Code that does not arrive within the time-out (or fails) makes
 * the screen say so, with Retry; code that arrives late is kept, and Retry then shows it at once.
 */
export function lazyScreen(load: Loader): ComponentType {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const start = () => {
    pending ??= load().then((m) => (loaded = m.default)).finally(() => {
      pending = null;
    });
    return pending;
  };

  return function LazyScreen() {
    const [attempt, setAttempt] = useState(0);
    const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(loaded ? 'loaded' : 'loading');
    useEffect(() => {
      if (loaded) {
        setState('loaded');
        return;
      }
      // once the screen says it failed it stays so until Retry (code arriving late is kept for then)
      let live = true;
      setState('loading');
      const fail = () => {
        if (live) setState('failed');
        live = false;
      };
      const timer = setTimeout(fail, chunkTimeoutMs());
      start().then(() => live && setState('loaded'), fail).finally(() => clearTimeout(timer));
      return () => {
        live = false;
        clearTimeout(timer);
      };
    }, [attempt]);
    if (state === 'loaded' && loaded) {
      const Screen = loaded;
      return <Screen />;
    }
    if (state === 'failed') {
      return (
        <Paper p="lg" withBorder data-testid="screen-load-failed">
          <Stack gap="xs" align="flex-start">
            <Title order={4}>This screen could not be loaded</Title>
            <Text size="sm" c="dimmed">Its code did not arrive. Check the connection and try again.</Text>
            <Button size="xs" onClick={() => setAttempt((a) => a + 1)} data-testid="screen-load-retry">Retry</Button>
          </Stack>
        </Paper>
      );
    }
    return <PageLoader />;
  };
}
