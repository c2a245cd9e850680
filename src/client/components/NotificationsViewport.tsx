import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { TOAST_LIMIT } from '../../domain/rules';
import { onToastFloorsChange, toastFloorOffset, toastFloors } from '../lib/toastFloor';

/** Room kept between a notice and what follows it, in px. */
const RESERVE_GAP_PX = 16;

/**
 * The toast viewport, placed clear of headers and main actions (toastViewport.css), and above the screen's
 * bottom bars (lib/toastFloor.ts): their height is set on the viewport's own elements, so only they restyle.
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
    // Above the bottom bars: measured when one comes, goes or changes size, and when the window does.
    const viewports = () => document.querySelectorAll<HTMLElement>('[data-toast-viewport]');
    const place = () => {
      const offset = toastFloorOffset(
        root.clientHeight,
        toastFloors().map((el) => el.getBoundingClientRect().top),
      );
      for (const el of viewports()) el.style.setProperty('--toast-bottom-offset', `${offset}px`);
    };
    const floorObserver = new ResizeObserver(place);
    const observeFloors = () => {
      floorObserver.disconnect();
      for (const el of toastFloors()) floorObserver.observe(el);
      place();
    };
    const stopFloors = onToastFloorsChange(observeFloors);
    window.addEventListener('resize', place);
    // The containers are portalled after this effect's first run: observe them once they are in the document.
    const attach = () => {
      const els = viewports();
      for (const el of els) observer.observe(el);
      if (els.length > 0) observeFloors();
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
      floorObserver.disconnect();
      stopFloors();
      window.removeEventListener('resize', place);
      root.style.removeProperty('--toast-reserve');
    };
  }, []);
  return (
    <Notifications
      limit={TOAST_LIMIT}
      position="bottom-center"
      zIndex={4000}
      classNames={{ root: 'toast-viewport' }}
      data-toast-viewport=""
    />
  );
}
