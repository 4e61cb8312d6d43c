import { useEffect, useRef, useState } from 'react';

export interface KeyboardTriageOptions {
  rowCount: number;
  onOpen(index: number): void;
  onToggle(index: number): void;
  onAssign?: (() => void) | undefined;
}

const TYPING = 'input, textarea, select, [contenteditable="true"]';

function isTyping(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest(TYPING);
}

/**
 * Keys for people who work through a list all day: j / ↓ and k / ↑ move the focused row, Enter
 * opens it, x selects it, a assigns the selection to me. Keys typed into a field or while a
 * dialog is open are left alone.
 */
export function useKeyboardTriage({ rowCount, onOpen, onToggle, onAssign }: KeyboardTriageOptions) {
  const [focusedIndex, setFocusedIndex] = useState(-1);
  const latest = useRef({ rowCount, onOpen, onToggle, onAssign, focusedIndex });
  latest.current = { rowCount, onOpen, onToggle, onAssign, focusedIndex };

  useEffect(() => {
    if (focusedIndex >= rowCount) setFocusedIndex(rowCount - 1);
  }, [rowCount, focusedIndex]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      const { rowCount: count, focusedIndex: index, onOpen: open, onToggle: toggle, onAssign: assign } = latest.current;
      if (!count) return;
      const key = event.key;
      if (key === 'j' || key === 'ArrowDown') {
        event.preventDefault();
        setFocusedIndex(Math.min(index + 1, count - 1));
      } else if (key === 'k' || key === 'ArrowUp') {
        event.preventDefault();
        setFocusedIndex(Math.max(index - 1, 0));
      } else if (key === 'Enter' && index >= 0) {
        // Enter on a focused link or button keeps its own meaning.
        if (event.target instanceof Element && event.target.closest('a, button')) return;
        event.preventDefault();
        open(index);
      } else if (key === 'x' && index >= 0) {
        event.preventDefault();
        toggle(index);
      } else if (key === 'a' && assign) {
        event.preventDefault();
        assign();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return { focusedIndex, setFocusedIndex };
}
