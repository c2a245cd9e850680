import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { TOAST_LIMIT } from '../../domain/rules';
import classes from './NotificationsViewport.module.css';

/** Room kept between a notice and what follows it, in px. */
const RESERVE_GAP_PX = 16;

/**
 * The toast viewport, placed clear of headers and main actions (NotificationsViewport.module.css).
 * While a notice shows, its height is published as --toast-reserve so scrolling areas keep that
 * much room at their end (global.css) and nothing has to stay under it.
 */
export function NotificationsViewport() {
  useEffect(() => {
    const root = document.documentElement;
    const publish = () => {
      const height = Math.max(
        0,
        ...[...document.querySelectorAll<HTMLElement>('[data-toast-viewport]')].map((el) => el.getBoundingClientRect().height),
      );
      root.style.setProperty('--toast-reserve', height > 0 ? `${Math.ceil(height) + RESERVE_GAP_PX}px` : '0px');
    };
    const observer = new ResizeObserver(publish);
    // The containers are portalled after this effect's first run: observe them once they are in the document.
    const attach = () => {
      const els = document.querySelectorAll<HTMLElement>('[data-toast-viewport]');
      for (const el of els) observer.observe(el);
      return els.length > 0;
    };
    let frame = 0;
    const tryAttach = () => {
      if (!attach()) frame = requestAnimationFrame(tryAttach);
    };
    tryAttach();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      root.style.removeProperty('--toast-reserve');
    };
  }, []);
  return (
    <Notifications
      limit={TOAST_LIMIT}
      position="bottom-center"
      zIndex={4000}
      classNames={{ root: classes.viewport }}
      data-toast-viewport=""
    />
  );
}
