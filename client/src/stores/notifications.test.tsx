import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from '@/components/notifications';
import { notify, useNotifications } from './notifications';

describe('notifications store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('removes a notification after exactly 5 seconds', () => {
    notify.error('Something broke');
    expect(useNotifications.getState().notifications).toEqual([
      expect.objectContaining({ type: 'error', title: 'Error', message: 'Something broke' }),
    ]);
    vi.advanceTimersByTime(4999);
    expect(useNotifications.getState().notifications).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useNotifications.getState().notifications).toHaveLength(0);
  });

  it('times each notification independently', () => {
    notify.info('first');
    vi.advanceTimersByTime(3000);
    notify.success('second');
    vi.advanceTimersByTime(2000);
    expect(useNotifications.getState().notifications.map((n) => n.message)).toEqual(['second']);
    vi.advanceTimersByTime(3000);
    expect(useNotifications.getState().notifications).toHaveLength(0);
  });

  it('dismisses early and cancels the pending timer', () => {
    const id = notify.info('bye');
    useNotifications.getState().dismiss(id);
    expect(useNotifications.getState().notifications).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a notification with duration 0 until dismissed', () => {
    useNotifications.getState().add({ type: 'info', title: 'Sticky' }, 0);
    vi.advanceTimersByTime(60_000);
    expect(useNotifications.getState().notifications).toHaveLength(1);
  });

  it('renders errors as alerts and others as status, then auto-dismisses', () => {
    render(<Notifications />);
    act(() => {
      notify.error('error receiving data');
      notify.success('Password has been updated.');
    });
    const items = screen.getAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toContain('error receiving data');
    expect(screen.getByRole('status').textContent).toContain('Password has been updated.');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryAllByTestId('notification')).toHaveLength(0);
  });
});
