import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioGroup } from './radio-group';

const OPTIONS = [
  { value: 'House', label: 'House' },
  { value: 'Condominium', label: 'Building' },
] as const;

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<'House' | 'Condominium' | null>(null);
  return (
    <RadioGroup
      legend="Property type"
      required
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('RadioGroup', () => {
  it('is a group named by its legend, with one radio per option', () => {
    render(<Harness />);
    expect(screen.getByRole('group', { name: 'Property type' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'House',
      'Condominium',
    ]);
  });

  it('chooses on click, reporting the value (not the label)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'House' }));
    expect(onChange).toHaveBeenLastCalledWith('House');
    await user.click(screen.getByText('Building'));
    expect(onChange).toHaveBeenLastCalledWith('Condominium');
    expect(screen.getByRole('radio', { name: 'Building' })).toHaveProperty('checked', true);
  });

  it('can be disabled as a whole', () => {
    render(
      <RadioGroup
        legend="Property type"
        options={OPTIONS}
        value="House"
        onChange={() => {}}
        disabled
      />,
    );
    for (const radio of screen.getAllByRole('radio')) expect(radio.matches(':disabled')).toBe(true);
  });
});
