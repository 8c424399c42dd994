import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './checkbox';

describe('Checkbox', () => {
  it('is named by its label and toggles', async () => {
    const user = userEvent.setup();
    render(<Checkbox label="Prepaid Terms & Conditions" required />);
    const checkbox = screen.getByRole('checkbox', { name: 'Prepaid Terms & Conditions' });
    await user.click(checkbox);
    expect(checkbox).toHaveProperty('checked', true);
    expect(checkbox.getAttribute('aria-required')).toBe('true');
  });

  it('keeps its description collapsed until the details toggle opens it', async () => {
    const user = userEvent.setup();
    render(
      <Checkbox
        label="Information We Share"
        description="We may share your data with group companies and partners."
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Details' });
    const description = screen.getByText(/group companies/);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(description.id);
    expect(description.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(description.hidden).toBe(false);
    // Opening the details does not tick the box.
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', false);
  });

  it('shows its error', () => {
    render(<Checkbox label="Terms" error="This is a required field." />);
    const checkbox = screen.getByRole('checkbox', { name: 'Terms' });
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(checkbox.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('This is a required field.');
  });
});
