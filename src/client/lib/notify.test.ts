import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { carryNotice, noticeAge, notify, showCarriedNotice } from './notify';

const stored = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
});

describe('a notice carried over a full page load', () => {
  beforeEach(() => {
    stored.clear();
    vi.restoreAllMocks();
  });

  it('hands the notice on screen to the next page, for the rest of its time, once', () => {
    vi.useFakeTimers();
    notify({ title: 'Session Joined', description: 'Welcome to the hunt, Rita!', durationMs: 5_000 });
    vi.advanceTimersByTime(1_200);
    expect(noticeAge()).toBe(1_200);
    carryNotice();
    vi.useRealTimers();
    const show = vi.spyOn(notifications, 'show');
    showCarriedNotice();
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ title: 'Session Joined', message: 'Welcome to the hunt, Rita!', autoClose: 3_800 });
    showCarriedNotice();
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('carries nothing once the notice has gone', () => {
    vi.useFakeTimers();
    notify({ title: 'Login Successful', durationMs: 1_000 });
    vi.advanceTimersByTime(1_000);
    carryNotice();
    vi.useRealTimers();
    expect(stored.size).toBe(0);
  });

  it('ignores what is not a notice', () => {
    stored.set('dinohunt:carried-notice', '{not json');
    const show = vi.spyOn(notifications, 'show');
    showCarriedNotice();
    expect(show).not.toHaveBeenCalled();
    expect(stored.size).toBe(0);
  });
});
