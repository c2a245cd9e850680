// The terminal fills the window (header, content, tab bar), so the page keeps no room at its end for a notice:
// its content area does instead (terminal.module.css). Marked on the body while the terminal is mounted, set
// before the first paint; an attribute only the body's own rule reads, so setting it restyles the body alone.
import { useLayoutEffect } from 'react';

export function useFillsScreen(): void {
  useLayoutEffect(() => {
    document.body.setAttribute('data-fills-screen', '');
    return () => document.body.removeAttribute('data-fills-screen');
  }, []);
}
