import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_MS, pageReload } from '@/components/page-refreshing-modal';
import { lazyPage } from './lazy-page';

afterEach(() => {
  vi.useRealTimers();
});

/** settle lets the rejected import and React's Suspense retry run. */
const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));

describe('lazyPage', () => {
  it('shows the page once its code is loaded', async () => {
    const Page = lazyPage(async () => ({ name }: { name: string }) => <p data-testid="page">Hello {name}</p>);
    render(<Page name="Ada" />);
    expect((await screen.findByTestId('page')).textContent).toBe('Hello Ada');
  });

  it('a failed dynamic import shows the refresh modal and reloads after 5 seconds', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/editor-page-3f2a.js')));
    render(<Page />);
    await settle();
    const modal = screen.getByTestId('page-refreshing');
    expect(modal.getAttribute('role')).toBe('alertdialog');
    expect(modal.textContent).toContain('Pagecast was updated');
    expect(screen.getByTestId('page-refreshing-countdown').textContent).toBe('Reloading in 5 seconds…');
    expect(document.activeElement).toBe(screen.getByTestId('page-refreshing-reload'));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByTestId('page-refreshing-countdown').textContent).toBe('Reloading in 4 seconds…');
    await act(async () => vi.advanceTimersByTimeAsync(CHUNK_RELOAD_MS - 1100));
    expect(reload).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Reload now reloads at once', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const Page = lazyPage(() => Promise.reject(new Error('chunk')));
    render(<Page />);
    await settle();
    fireEvent.click(screen.getByText('Reload now'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
