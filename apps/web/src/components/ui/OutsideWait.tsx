import { Group, Loader, Paper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Whole seconds since `since` (or since `active` became true), counted each second while active; null when not. */
export function useElapsedSeconds(active: boolean, since?: Date | string | null): number | null {
  const [start, setStart] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const sinceMs = since ? new Date(since).getTime() : null;
  useEffect(() => {
    if (!active) return setStart(null);
    setStart(sinceMs ?? Date.now());
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active, sinceMs]);
  return active && start !== null ? Math.max(0, Math.floor((now - start) / 1000)) : null;
}

/**
 * Long outside work under way (issue 33): what the app is waiting for and for how long ('Waiting for MFW… 12 s'),
 * in a corner of the page, not over it: the user may go on working (the work goes on, and its end is told).
 */
export function OutsideWait({ active, label, testId = 'outside-wait' }: { active: boolean; label: string; testId?: string }) {
  const seconds = useElapsedSeconds(active);
  if (seconds === null) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" pos="fixed" bottom={16} right={16} style={{ zIndex: 300 }} data-testid={testId} role="status">
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" />
        <Text size="sm">{label} {seconds} s</Text>
      </Group>
    </Paper>
  );
}
