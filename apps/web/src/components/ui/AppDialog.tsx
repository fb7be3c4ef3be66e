import { Group, Modal, type ModalProps } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useGuardedClose, useWarnBeforeUnload } from './unsaved';

export interface AppDialogProps extends Omit<ModalProps, 'title'> {
  title: ReactNode;
  /** buttons at the bottom, right-aligned */
  actions?: ReactNode;
  /** modal dialogs close on an outside click; non-modal ones do not */
  modal?: boolean;
  /**
   * the dialog holds unsaved work: a close (Escape, the close button, an outside click) asks first
   * ('You have unsaved changes. Discard them?'), and leaving or reloading the page warns
   */
  dirty?: boolean;
  /** an entry grid: the dialog takes the window's height (its body scrolls), not 70% of it */
  tall?: boolean;
}

/**
 * Open dialogs, oldest first. Mantine closes every open modal on Escape; the app closes only the
 * topmost, so one window listener answers Escape for all of them.
 */
const openDialogs: { close: () => void }[] = [];

function onEscape(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.isComposing || openDialogs.length === 0) return;
  // a field that handles Escape itself (an open select dropdown) keeps it
  if ((event.target as HTMLElement | null)?.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
  openDialogs[openDialogs.length - 1].close();
}

function useEscapeStack(opened: boolean, enabled: boolean, onClose: () => void) {
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });
  useEffect(() => {
    if (!opened || !enabled) return;
    const entry = { close: () => latest.current() };
    openDialogs.push(entry);
    if (openDialogs.length === 1) window.addEventListener('keydown', onEscape, { capture: true });
    return () => {
      openDialogs.splice(openDialogs.indexOf(entry), 1);
      if (openDialogs.length === 0) window.removeEventListener('keydown', onEscape, { capture: true });
    };
  }, [opened, enabled]);
}

/** The body's own padding: the actions reach over it, so nothing that scrolls by shows beneath them. */
const BODY_PADDING = 'var(--mb-padding, var(--mantine-spacing-md))';
const ACTIONS_STYLE = {
  position: 'sticky', bottom: `calc(-1 * ${BODY_PADDING})`, marginBottom: `calc(-1 * ${BODY_PADDING})`,
  paddingBottom: `calc(4px + ${BODY_PADDING})`, zIndex: 2, background: 'var(--mantine-color-body)',
} as const;

/**
 * Keeps what is scrolled into view (a field taking the focus by keyboard, `scrollIntoView`) clear of the sticky
 * actions: the body's `scroll-padding-bottom` follows the bar's height (a few pixels more), so the browser stops
 * scrolling with the element above the bar, never under it. Returns the bar's ref.
 */
function useClearOfActions() {
  const [bar, setBar] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    const body = bar?.parentElement;
    if (!bar || !body) return;
    const fit = () => {
      body.style.scrollPaddingBottom = `${bar.offsetHeight + 4}px`;
    };
    fit();
    const watch = new ResizeObserver(fit);
    watch.observe(bar);
    return () => {
      watch.disconnect();
      body.style.scrollPaddingBottom = '';
    };
  }, [bar]);
  return setBar;
}

const STYLES = { body: { maxHeight: '70vh', overflowY: 'auto' }, title: { fontWeight: 600 } } as const;
/** the window less the dialog's margins (8 px each), its header (~48 px) and the body's own padding */
const TALL_STYLES = {
  body: { maxHeight: 'calc(100dvh - 16px - 48px)', overflowY: 'auto' },
  header: { minHeight: 0, paddingBlock: 8 },
  title: { fontWeight: 600 },
  content: { maxHeight: 'calc(100dvh - 16px)' },
} as const;

/**
 * The one dialog of the app: Escape closes only the topmost, an outside click closes a modal one,
 * and the body scrolls past 70vh with the actions kept in view at its bottom (and what takes the focus kept
 * clear of them).
 */
export function AppDialog({ title, actions, modal = true, children, closeOnEscape = true, dirty, tall, ...rest }: AppDialogProps) {
  const guardedClose = useGuardedClose(dirty, rest.onClose);
  const close = () => void guardedClose();
  useEscapeStack(rest.opened, closeOnEscape, close);
  useWarnBeforeUnload(rest.opened && dirty);
  const actionsRef = useClearOfActions();
  return (
    <Modal
      title={title}
      closeOnClickOutside={modal}
      trapFocus
      styles={tall ? TALL_STYLES : STYLES}
      yOffset={tall ? 8 : undefined}
      {...rest}
      onClose={close}
      closeOnEscape={false}
    >
      {children}
      {actions && (
        <Group ref={actionsRef} justify="flex-end" mt="md" pt={4} gap="xs" data-testid="dialog-actions" style={ACTIONS_STYLE}>
          {actions}
        </Group>
      )}
    </Modal>
  );
}
