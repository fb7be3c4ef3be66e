import { Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';

/** What the shared tooltip shows: the label of the element under the pointer (or focused), and where it is. */
type Tip = { label: string; rect: DOMRect };

const tipOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('[data-tip]') : null;

/**
 * One tooltip for every element marked `data-tip="label"` (a list row's icon buttons): shown while the pointer is
 * over one or it has the keyboard's focus, in the look of Mantine's Tooltip. A list of twenty rows with four icons
 * each mounts one tooltip instead of eighty (each a floating element with its own hooks and effects: issue 36,
 * ADR 0225). The element keeps its own accessible name (`aria-label`). Mounted once, with the signed-in app.
 */
export function SharedTooltip() {
  const [tip, setTip] = useState<Tip | null>(null);
  useEffect(() => {
    let shown: HTMLElement | null = null;
    const show = (el: HTMLElement | null) => {
      if (el === shown) return;
      shown = el;
      const label = el?.dataset.tip;
      setTip(el && label ? { label, rect: el.getBoundingClientRect() } : null);
    };
    const over = (e: Event) => show(tipOf(e.target));
    // the keyboard's focus, not a click's (a click hides it, as the button's action takes over)
    const focus = (e: Event) => {
      const el = tipOf(e.target);
      if (el?.matches(':focus-visible')) show(el);
    };
    const hide = () => show(null);
    // the pointer left the window
    const out = (e: PointerEvent) => e.relatedTarget === null && hide();
    const listeners: [EventTarget, string, EventListener, boolean][] = [
      [document, 'pointerover', over, false],
      [document, 'pointerout', out as EventListener, false],
      [document, 'pointerdown', hide, false],
      [document, 'focusin', focus, false],
      [document, 'focusout', hide, false],
      // the element moved away from under its tooltip: hidden until the pointer comes over one again
      [window, 'scroll', hide, true],
      [window, 'resize', hide, false],
    ];
    for (const [target, type, listener, capture] of listeners) target.addEventListener(type, listener, capture);
    return () => {
      for (const [target, type, listener, capture] of listeners) target.removeEventListener(type, listener, capture);
    };
  }, []);
  if (!tip) return null;
  const { rect } = tip;
  return (
    <Tooltip label={tip.label} opened withinPortal>
      <span aria-hidden style={{ position: 'fixed', left: rect.left, top: rect.top, width: rect.width, height: rect.height, pointerEvents: 'none' }} />
    </Tooltip>
  );
}
