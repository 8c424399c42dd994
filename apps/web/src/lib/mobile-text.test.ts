import { describe, expect, it } from 'vitest';
import { mobileText } from './mobile-text';

describe('mobileText', () => {
  it('shows a number with its leading 0, in three groups that stay on one line', () => {
    expect(mobileText('639171234567')).toBe('0917\u00a0123\u00a04567');
    expect(mobileText('639171234567').split(' ')).toHaveLength(1);
  });

  it('shows a value that is not a mobile number as it is', () => {
    expect(mobileText('63917123')).toBe('63917123');
  });
});
