import { describe, expect, it } from 'vitest';
import { CUSTOMER_CHANGEABLE_STATUSES } from '@konek/contract/ops';
import { INSTALLATION_STATUS_LABELS } from '@konek/contract/work-order-status';
import { guideOf, SELF_SERVICE_STEPS, STATUS_GUIDE } from './status-guide';

// ADR 080: the order status page has words and a way forward for every §4.5 value, and offers the
// self-service steps exactly where the API accepts them.

describe('the status guide', () => {
  it('covers every product §4.5 work order status, and nothing else', () => {
    expect(Object.keys(STATUS_GUIDE).sort()).toEqual([...INSTALLATION_STATUS_LABELS.keys()].sort());
  });

  it.each([...INSTALLATION_STATUS_LABELS.keys()])(
    'explains %s in a sentence of its own',
    (status) => {
      const guide = guideOf(status)!;
      expect(guide.explanation).toMatch(/^[A-Z].{20,}[.!]$/);
    },
  );

  it('gives each status its own words', () => {
    const explanations = Object.values(STATUS_GUIDE).map((guide) => guide.explanation);
    expect(new Set(explanations).size).toBe(explanations.length);
  });

  it.each([...INSTALLATION_STATUS_LABELS.keys()])(
    'offers a new time or a cancel for %s only where the API allows them',
    (status) => {
      const offersSelfService = guideOf(status)!.steps.some((step) =>
        SELF_SERVICE_STEPS.includes(step),
      );
      expect(offersSelfService).toBe(CUSTOMER_CHANGEABLE_STATUSES.includes(status));
    },
  );

  it('has none for a value outside the table', () => {
    expect(guideOf('Some-New-Status')).toBeUndefined();
    expect(guideOf('toString')).toBeUndefined();
  });
});
