import { describe, expect, it } from 'vitest';
import { installationTimeText } from './order-texts';

describe('installationTimeText', () => {
  it('writes product §3 appointmentTime as a sentence whose times stay on one line', () => {
    const text = installationTimeText('December 01, 2026 - Morning - 9:00 AM - 12:00 PM');
    expect(text.replaceAll('\u00a0', ' ')).toBe('December 01, 2026, Morning (9:00 AM – 12:00 PM)');
    // A line may break between words, never between a time and its AM or PM.
    expect(text.split(' ')).toContain('(9:00\u00a0AM');
    expect(text.split(' ')).toContain('12:00\u00a0PM)');
  });

  it('shows text in another shape as it is', () => {
    expect(installationTimeText('Tomorrow morning')).toBe('Tomorrow morning');
  });
});
