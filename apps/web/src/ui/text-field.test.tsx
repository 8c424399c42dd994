import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from './text-field';

describe('TextField', () => {
  it('is named by its label, which sits after the input so CSS can float it', () => {
    render(<TextField label="House no." />);
    const input = screen.getByRole('textbox', { name: 'House no.' });
    const label = input.parentElement?.querySelector('label');
    expect(label?.htmlFor).toBe(input.id);
    // The blank placeholder is what :placeholder-shown reads to know the field is empty.
    expect(input.getAttribute('placeholder')).toBe(' ');
    expect(input.nextElementSibling).toBe(label);
  });

  it('shows an asterisk on required fields without changing the accessible name', () => {
    render(<TextField label="Street" required />);
    const input = screen.getByRole('textbox', { name: 'Street' });
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.parentElement?.textContent).toContain('*');
  });

  it('shows its error below, marks itself invalid and points to the message', () => {
    render(<TextField label="Email address" error="Please enter a valid email address." />);
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('Please enter a valid email address.');
    const describedBy = input.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(message.closest('p')?.id).toBe(describedBy);
  });

  it('is not invalid without an error, and describes itself by its hint', () => {
    render(<TextField label="Village/Subdivision" hint="Optional" />);
    const input = screen.getByRole('textbox', { name: 'Village/Subdivision' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Optional',
    );
  });

  it('accepts typing, and refuses it when disabled or read-only', async () => {
    const user = userEvent.setup();
    render(
      <>
        <TextField label="First name" />
        <TextField label="Zip code" readOnly defaultValue="1750" />
        <TextField label="Floor" disabled />
      </>,
    );
    const firstName = screen.getByRole('textbox', { name: 'First name' });
    await user.type(firstName, 'Maria');
    expect(firstName).toHaveProperty('value', 'Maria');

    const zip = screen.getByRole('textbox', { name: 'Zip code' });
    await user.type(zip, '99');
    expect(zip).toHaveProperty('value', '1750');

    const floor = screen.getByRole('textbox', { name: 'Floor' });
    expect(floor).toHaveProperty('disabled', true);
  });
});
