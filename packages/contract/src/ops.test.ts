import { describe, expect, it } from 'vitest';
import {
  isTransitionAllowed,
  statusAfterAction,
  TECHNICIAN_ACTIONS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
  ZOpsMoveRequest,
} from './ops';
import { INSTALLATION_STATUS_LABELS } from './work-order-status';

// ADR 046: the moves are over the §4.5 values only, and a technician's tap is always a move a dispatcher
// could make too.

describe('work order transitions', () => {
  it('name only §4.5 statuses, and every §4.5 status has its row', () => {
    const known = new Set(INSTALLATION_STATUS_LABELS.keys());
    expect(new Set(WORK_ORDER_TRANSITIONS.keys())).toEqual(known);
    for (const targets of WORK_ORDER_TRANSITIONS.values()) {
      for (const target of targets) expect(known.has(target), target).toBe(true);
    }
    expect(WORK_ORDER_STATUSES).toEqual([...known]);
  });

  it('never lets an operator set Cancelled, and ends a job at Completed', () => {
    for (const from of WORK_ORDER_TRANSITIONS.keys()) {
      expect(isTransitionAllowed(from, 'Cancelled')).toBe(false);
    }
    expect(WORK_ORDER_TRANSITIONS.get('Completed')).toEqual([]);
  });

  it("keeps every technician action inside the dispatcher's table", () => {
    for (const action of TECHNICIAN_ACTIONS) {
      for (const from of WORK_ORDER_TRANSITIONS.keys()) {
        const to = statusAfterAction(action, from);
        if (to !== undefined) expect(isTransitionAllowed(from, to), `${from} → ${to}`).toBe(true);
      }
    }
    expect(statusAfterAction('on_the_way', 'Pending-ForVisit')).toBe('Pending-OnTheWay');
    expect(statusAfterAction('arrived', 'Pending-OnTheWay')).toBe('Ongoing');
    expect(statusAfterAction('completed', 'Ongoing')).toBe('Completed');
    expect(statusAfterAction('not_installed', 'Ongoing')).toBe('Delayed-WithVisit');
    expect(statusAfterAction('not_installed', 'Pending-OnTheWay')).toBe('Delayed-WithoutVisit');
    expect(statusAfterAction('arrived', 'Open')).toBeUndefined();
  });

  it('needs a reason for not_installed, naming the field', () => {
    const parsed = ZOpsMoveRequest.safeParse({ work_order_id: 'x', action: 'not_installed' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['reason']);
    expect(
      ZOpsMoveRequest.safeParse({ work_order_id: 'x', action: 'not_installed', reason: 'No power' })
        .success,
    ).toBe(true);
  });
});
