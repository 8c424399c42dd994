import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { JOURNEY_STEPS } from '@konek/contract/routes';
import { StepIndicator } from './step-indicator';

function steps(): HTMLElement[] {
  return within(screen.getByRole('navigation', { name: 'Order progress' })).getAllByRole(
    'listitem',
  );
}

describe('StepIndicator', () => {
  it('lists the five journey steps in order', () => {
    render(<StepIndicator current={0} passed={[]} />);
    expect(steps().map((step) => step.textContent)).toEqual([
      '1Check Address',
      '2Create Account',
      '3Fill Out Form',
      '4Select Schedule',
      '5Confirm and Pay',
    ]);
  });

  it('marks the current step and shows a check mark on every passed step', () => {
    render(<StepIndicator current={2} passed={[true, true]} />);
    const items = steps();
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([
      null,
      null,
      'step',
      null,
      null,
    ]);
    const checked = items.map((item) => item.querySelector('[data-icon="check"]') !== null);
    expect(checked).toEqual([true, true, false, false, false]);
    expect(within(items[0]!).getByText('(completed)')).toBeTruthy();
    expect(within(items[2]!).queryByText('(completed)')).toBeNull();
    expect(items[3]!.textContent).toBe('4Select Schedule');
  });

  it('checks every earlier step on the last one', () => {
    render(<StepIndicator current={JOURNEY_STEPS.length - 1} passed={[true, true, true, true]} />);
    expect(steps().filter((item) => item.querySelector('[data-icon="check"]'))).toHaveLength(4);
  });

  it('keeps the number of an earlier step that was not passed', () => {
    render(<StepIndicator current={1} passed={[false, false]} />);
    const items = steps();
    expect(items.some((item) => item.querySelector('[data-icon="check"]'))).toBe(false);
    expect(items[0]!.textContent).toBe('1Check Address');
  });

  it('never ticks the current or a later step', () => {
    render(<StepIndicator current={1} passed={[true, true, true]} />);
    const checked = steps().map((item) => item.querySelector('[data-icon="check"]') !== null);
    expect(checked).toEqual([true, false, false, false, false]);
  });
});
