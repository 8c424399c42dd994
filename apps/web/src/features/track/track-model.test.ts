import { describe, expect, it } from 'vitest';
import { laterWorkOrder } from './track-model';
import { onTheWay, workOrder } from './track-fixtures-for-tests';

describe('laterWorkOrder: a fetch that ends after the stream brought a newer status', () => {
  const confirmed = workOrder();
  const installed = onTheWay({
    work_order_status: 'Completed',
    installation_status: 'Installed',
    changes: [
      ...onTheWay().changes,
      {
        work_order_status: 'Completed',
        installation_status: 'Installed',
        at: '2026-12-01T03:00:00Z',
        new_installation: null,
      },
    ],
  });

  it('keeps the streamed reading when it has more status changes than the fetched one', () => {
    expect(laterWorkOrder(onTheWay(), installed).installation_status).toBe('Installed');
  });

  it('takes the fetched reading when it is as new or newer', () => {
    expect(laterWorkOrder(installed, onTheWay())).toBe(installed);
    const moved = onTheWay({ tracking: { ...onTheWay().tracking, eta_minutes: 4 } });
    expect(laterWorkOrder(moved, onTheWay())).toBe(moved);
  });

  it('takes the fetched reading when nothing is held or what is held is another order', () => {
    expect(laterWorkOrder(confirmed, undefined)).toBe(confirmed);
    expect(laterWorkOrder(confirmed, { ...installed, order_action_id: 'EOA-2' })).toBe(confirmed);
  });
});
