import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts, TOASTS_SHOWN, toast } from '#src/components/toast/toast-store.ts';
import { Toaster } from '#src/components/toast/toaster.tsx';
import { TOAST_TIMEOUT_MS } from '#src/shared/constants.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows a toast in a live region and removes it after the default timeout', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Saved');

    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('pauses the countdown while hovered and resumes with the time that was left', () => {
    render(<Toaster />);
    act(() => {
      toast.error('Failed');
    });
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByText('Failed')).not.toBeNull();

    fireEvent.mouseLeave(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 3000 - 50));
    expect(screen.queryByText('Failed')).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('closes a toast from its dismiss button', () => {
    render(<Toaster />);
    act(() => {
      toast.info('Hello');
    });
    fireEvent.click(screen.getByRole('button'));
    expect(screen.queryByText('Hello')).toBeNull();
    expect(getToasts()).toHaveLength(0);
  });

  it('shows the same message once, with a new countdown, and at most three toasts, the newest', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Reward saved: Approved');
    });
    act(() => vi.advanceTimersByTime(4000));
    act(() => {
      toast.success('Reward saved: Approved');
    });
    expect(screen.getAllByText('Reward saved: Approved')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.queryByText('Reward saved: Approved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 4000));
    expect(screen.queryByText('Reward saved: Approved')).toBeNull();

    act(() => {
      for (const name of ['Mei Ling', 'Arun Kumar', 'Siti Aminah', 'Ravi Chandran']) toast.success(`${name} approved`);
    });
    expect(TOASTS_SHOWN).toBe(3);
    expect(screen.getAllByTestId('toast').map((item) => item.textContent?.replace('✕', ''))).toEqual([
      'Arun Kumar approved',
      'Siti Aminah approved',
      'Ravi Chandran approved',
    ]);
  });
});
