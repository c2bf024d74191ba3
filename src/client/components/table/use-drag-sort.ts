import { useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import { DRAG_ANIMATION_MS } from '@shared/constants';

/**
 * Drag-sorting with native HTML5 drag events (no extra dependency). Items slide to their new place
 * over DRAG_ANIMATION_MS (a FLIP animation), in browsers that support element.animate.
 */
export function useDragSort<K extends string | number>(onMove: (from: K, to: K) => void, enabled = true) {
  const dragging = useRef<K | null>(null);
  const [over, setOver] = useState<K | null>(null);
  const elements = useRef(new Map<K, HTMLElement>());
  const before = useRef<Map<K, DOMRect> | null>(null);

  useLayoutEffect(() => {
    const rects = before.current;
    if (!rects) return;
    before.current = null;
    for (const [key, element] of elements.current) {
      const old = rects.get(key);
      if (!old || typeof element.animate !== 'function') continue;
      const now = element.getBoundingClientRect();
      const dx = old.left - now.left;
      const dy = old.top - now.top;
      if (dx || dy) element.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: DRAG_ANIMATION_MS, easing: 'ease-out' });
    }
  });

  const finish = () => {
    dragging.current = null;
    setOver(null);
  };

  const itemProps = (key: K) => ({
    draggable: enabled,
    ref: (element: HTMLElement | null) => {
      if (element) elements.current.set(key, element);
      else elements.current.delete(key);
    },
    'data-drag-over': enabled && over === key ? true : undefined,
    onDragStart: (event: DragEvent) => {
      if (!enabled) return;
      dragging.current = key;
      event.dataTransfer?.setData('text/plain', String(key));
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent) => {
      if (dragging.current === null) return;
      event.preventDefault();
      if (over !== key) setOver(key);
    },
    onDrop: (event: DragEvent) => {
      const from = dragging.current;
      if (from === null) return;
      event.preventDefault();
      finish();
      if (from === key) return;
      before.current = new Map([...elements.current].map(([k, el]) => [k, el.getBoundingClientRect()]));
      onMove(from, key);
    },
    onDragEnd: finish,
  });

  return { itemProps, dragging: over !== null };
}

/** Moves the item at `from` to index `to`, returning a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  next.splice(to, 0, next.splice(from, 1)[0]);
  return next;
}
