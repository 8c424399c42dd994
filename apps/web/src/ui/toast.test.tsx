import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS, TOAST_SPACING_PX } from '@konek/contract/constants';
import { ToastProvider, useToast, type ToastType } from './toast';

function Trigger({ message, type }: { message: string; type: ToastType }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(message, type)}>
      {message}
    </button>
  );
}

describe('Toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces errors and warnings as alerts, success and info as status', () => {
    render(
      <ToastProvider>
        <Trigger message="Saved" type="success" />
        <Trigger message="Heads up" type="info" />
        <Trigger message="Check this" type="warning" />
        <Trigger message="Failed" type="error" />
      </ToastProvider>,
    );
    for (const name of ['Saved', 'Heads up', 'Check this', 'Failed']) {
      act(() => screen.getByRole('button', { name }).click());
    }
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      'Saved',
      'Heads up',
    ]);
    expect(screen.getAllByRole('alert').map((toast) => toast.textContent)).toEqual([
      'Check this',
      'Failed',
    ]);
  });

  it('stacks toasts 16 px apart and removes each after 3000 ms', () => {
    render(
      <ToastProvider>
        <Trigger message="Saved" type="success" />
      </ToastProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Saved' }).click());
    const toast = screen.getByRole('status');
    expect(toast.parentElement?.style.gap).toBe(`${TOAST_SPACING_PX}px`);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses to be used outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger message="x" type="info" />)).toThrow(/ToastProvider/);
  });
});
