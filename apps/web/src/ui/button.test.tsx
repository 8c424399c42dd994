import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

describe('Button', () => {
  it('is a plain button by default, so it never submits a form by accident', () => {
    render(<Button>Set schedule</Button>);
    expect(screen.getByRole('button', { name: 'Set schedule' }).getAttribute('type')).toBe(
      'button',
    );
  });

  it('while loading is busy, shows a spinner and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button isLoading onClick={onClick}>
        Submit
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Submit' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button).toHaveProperty('disabled', true);
    expect(button.querySelector('span[aria-hidden="true"]')).not.toBeNull();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('can be disabled without being busy', () => {
    render(
      <Button variant="secondary" disabled>
        Back
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Back' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });
});
