import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FloatingSelect, type FloatingSelectProps } from './floating-select';
import type { SelectOption } from './select-items';

const CITIES: SelectOption[] = [
  { value: '137601', label: 'Las Piñas' },
  { value: '137602', label: 'Makati' },
  { value: '137603', label: 'Parañaque' },
  { value: '137604', label: 'Pasay' },
];

type HarnessProps = Omit<FloatingSelectProps, 'value' | 'onChange'> & {
  initialValue?: string | null;
  onChange?: (value: string | null) => void;
};

function Harness({ initialValue = null, onChange, ...props }: HarnessProps) {
  const [value, setValue] = useState<string | null>(initialValue);
  return (
    <FloatingSelect
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

function optionNames(): string[] {
  return screen.queryAllByRole('option').map((option) => option.textContent ?? '');
}

describe('FloatingSelect', () => {
  it('is a combobox named by its label', () => {
    render(<Harness label="City" options={CITIES} required />);
    expect(screen.getByRole('combobox', { name: 'City' })).toBeTruthy();
  });

  it("filters ignoring case and accents: 'las p' finds 'Las Piñas'", async () => {
    const user = userEvent.setup();
    render(<Harness label="City" options={CITIES} />);
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'las p');
    expect(optionNames()).toEqual(['Las Piñas']);
  });

  it("matches accented names from plain typing ('paranaque')", async () => {
    const user = userEvent.setup();
    render(<Harness label="City" options={CITIES} />);
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'PARANAQUE');
    expect(optionNames()).toEqual(['Parañaque']);
  });

  it('lists every option when opened without typing, and chooses with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness label="City" options={CITIES} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.click(input);
    expect(optionNames()).toHaveLength(4);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('137602');
    expect(input).toHaveProperty('value', 'Makati');
  });

  it("shows a disabled 'label|note' option as a label and a note, and it cannot be chosen", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const options = [
      { value: 'tower-1', label: 'Avida Tower 1' },
      { value: 'hint', label: 'Building not listed?|Type its name instead', disabled: true },
    ];
    render(<Harness label="Building Name" options={options} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Building Name' }));
    const hint = screen.getByRole('option', { name: /Building not listed\?/ });
    expect(hint.getAttribute('aria-disabled')).toBe('true');
    expect(hint.textContent).not.toContain('|');
    expect(screen.getByText('Type its name instead')).toBeTruthy();
    await user.click(hint);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('lets the typed value be chosen when creatable', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const floors = [
      { value: '1', label: '1' },
      { value: '2', label: '2' },
    ];
    render(<Harness label="Floor" options={floors} creatable onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Floor' });
    await user.type(input, '12A');
    await user.click(screen.getByRole('option', { name: 'Use “12A”' }));
    expect(onChange).toHaveBeenLastCalledWith('12A');
    expect(input).toHaveProperty('value', '12A');
  });

  it("lists the typed value's matches first: ArrowDown and Enter choose a listed one, not the typed text", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const buildings = [
      { value: 'Sampaguita Residences Tower 1', label: 'Sampaguita Residences Tower 1' },
      { value: 'Sampaguita Residences Tower 2', label: 'Sampaguita Residences Tower 2' },
      { value: 'Acacia Court', label: 'Acacia Court' },
    ];
    render(<Harness label="Building Name" options={buildings} creatable onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Building Name' });
    await user.type(input, 'Sampaguita');
    expect(optionNames()).toEqual([
      'Sampaguita Residences Tower 1',
      'Sampaguita Residences Tower 2',
      'Use “Sampaguita”',
    ]);
    await user.keyboard('{ArrowDown}');
    const highlighted = screen.getByRole('option', { name: 'Sampaguita Residences Tower 1' });
    expect(input.getAttribute('aria-activedescendant')).toBe(highlighted.id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('Sampaguita Residences Tower 1');
    expect(input).toHaveProperty('value', 'Sampaguita Residences Tower 1');
  });

  it('offers the typed value after the matches, where the keyboard reaches it too', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const floors = [
      { value: '10', label: '10' },
      { value: '11', label: '11' },
    ];
    render(<Harness label="Floor" options={floors} creatable onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Floor' }), '1');
    expect(optionNames()).toEqual(['10', '11', 'Use “1”']);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('1');
  });

  it('does not offer to create a value when not creatable', async () => {
    const user = userEvent.setup();
    render(<Harness label="City" options={CITIES} />);
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'Quezon');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No matches found')).toBeTruthy();
  });

  it('puts the chosen text back when left without choosing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness label="City" options={CITIES} initialValue="137604" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'City' });
    expect(input).toHaveProperty('value', 'Pasay');
    await user.clear(input);
    await user.type(input, 'Mak');
    await user.tab();
    expect(input).toHaveProperty('value', 'Pasay');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('follows a value set from outside, e.g. cleared when the province changes (product §4.2)', () => {
    const props = { label: 'City', options: CITIES, onChange: () => undefined };
    const { rerender } = render(<FloatingSelect {...props} value="137602" />);
    const input = screen.getByRole('combobox', { name: 'City' });
    expect(input).toHaveProperty('value', 'Makati');
    rerender(<FloatingSelect {...props} value="137601" />);
    expect(input).toHaveProperty('value', 'Las Piñas');
    rerender(<FloatingSelect {...props} value={null} />);
    expect(input).toHaveProperty('value', '');
  });

  it('shows its error and can be disabled', () => {
    const { rerender } = render(
      <FloatingSelect
        label="Barangay"
        options={[]}
        value={null}
        onChange={() => undefined}
        error="This is a required field."
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Barangay' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This is a required field.',
    );
    rerender(
      <FloatingSelect
        label="Barangay"
        options={[]}
        value={null}
        onChange={() => undefined}
        disabled
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Barangay' })).toHaveProperty('disabled', true);
  });
});
