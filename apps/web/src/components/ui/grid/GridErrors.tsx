import { Alert } from '@mantine/core';

/** How many of a grid's row messages are listed; the rest are counted. */
const LISTED = 12;

/**
 * The messages of a grid's rows after a refused Submit, above the grid ('Row N: …'): a long grid draws only the rows in
 * view (gridWindow.ts), so a message at a row's field that is not drawn is told here too. Nothing when there are none.
 */
export function GridErrors({ messages, testId }: { messages: readonly string[]; testId: string }) {
  if (messages.length === 0) return null;
  return (
    <Alert color="red" p="xs" data-testid={testId}>
      {messages.slice(0, LISTED).map((m, i) => <div key={`${i}:${m}`}>{m}</div>)}
      {messages.length > LISTED && <div>… and {messages.length - LISTED} more</div>}
    </Alert>
  );
}
