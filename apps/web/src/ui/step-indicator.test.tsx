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
    render(<StepIndicator current={0} />);
    expect(steps().map((step) => step.textContent)).toEqual([
      '1Check Address',
      '2Create Account',
      '3Fill Out Form',
      '4Select Schedule',
      '5Confirm and Pay',
    ]);
  });

  it('marks the current step and shows a check mark on every passed step', () => {
    render(<StepIndicator current={2} />);
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
    render(<StepIndicator current={JOURNEY_STEPS.length - 1} />);
    expect(steps().filter((item) => item.querySelector('[data-icon="check"]'))).toHaveLength(4);
  });
});
