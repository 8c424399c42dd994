import { describe, expect, it } from 'vitest';
import { INSTALLATION_STATUS_LABELS, installationStatusLabel } from './work-order-status';

// product §4.5, exactly as the table writes it.
const TABLE: [status: string, shown: string][] = [
  ['Pending-ForVisit', 'Order Confirmed'],
  ['Open', 'Order Confirmed'],
  ['Pending-OnTheWay', 'Awaiting Installation'],
  ['Ongoing', 'Awaiting Installation'],
  ['Ongoing-Unhold', 'Awaiting Installation'],
  ['Ongoing-Onhold', 'Awaiting Installation'],
  ['Delayed', 'Reschedule Installation [provider initiated]'],
  ['Delayed-WithVisit', 'Reschedule Installation [provider initiated]'],
  ['Delayed-WithoutVisit', 'Reschedule Installation [provider initiated]'],
  ['Delayed-WithStartActivity', 'Reschedule Installation [provider initiated]'],
  ['Delayed-ForReschedule', 'Reschedule Installation [provider initiated]'],
  ['ForRescue', 'Reschedule Installation [provider initiated]'],
  ['Delayed-ForCancellation', 'Delayed Installation Customer or provider related'],
  ['Completed', 'Installed'],
  ['Completed-For Visit', 'Installed'],
  ['Cancelled', 'Cancelled'],
];

describe('installationStatusLabel (product §4.5)', () => {
  it.each(TABLE)('%s → %s', (status, shown) => {
    expect(installationStatusLabel({ work_order_status: status })).toBe(shown);
  });

  it('has exactly the table rows', () => {
    expect([...INSTALLATION_STATUS_LABELS]).toEqual(TABLE);
  });

  it.each([
    ['Pending'],
    ['completed'],
    ['Completed-ForVisit'],
    ['Some-New-Status'],
    ['constructor'],
    ['__proto__'],
  ])('shows any other value %j as it is', (status) => {
    expect(installationStatusLabel({ work_order_status: status })).toBe(status);
  });

  it.each([[undefined], [null]])('shows "unknown" when properties are %j', (properties) => {
    expect(installationStatusLabel(properties)).toBe('unknown');
  });

  it.each([
    [{}],
    [{ work_order_status: undefined }],
    [{ work_order_status: null }],
    [{ work_order_status: '' }],
  ])('shows "unknown" when the status is missing from %j', (properties) => {
    expect(installationStatusLabel(properties)).toBe('unknown');
  });
});
