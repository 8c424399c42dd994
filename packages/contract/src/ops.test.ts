import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_STATUSES,
  CUSTOMER_CHANGEABLE_STATUSES,
  FINAL_STATUSES,
  isMoveAllowed,
  isTransitionAllowed,
  OPERATOR_CANCELLABLE_STATUSES,
  statusAfterAction,
  statusesFrom,
  TECHNICIAN_ACTIONS,
  WORK_ORDER_MOVES,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
  ZOpsMoveRequest,
  type TWorkOrderMover,
} from './ops';
import { INSTALLATION_STATUS_LABELS } from './work-order-status';

// ADR 046, 080: the moves are over the §4.5 values only, every value is reached by someone's action and
// has a way out, and a technician's tap is always a move a dispatcher could record too.

const known = new Set(INSTALLATION_STATUS_LABELS.keys());

/** Every status reachable from `from` by the moves `movers` make. */
function reachable(from: string, movers: readonly TWorkOrderMover[]): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length > 0) {
    const status = queue.shift()!;
    for (const move of WORK_ORDER_MOVES) {
      if (!movers.includes(move.by) || !move.from.includes(status) || seen.has(move.to)) continue;
      seen.add(move.to);
      queue.push(move.to);
    }
  }
  return seen;
}

describe('the work order moves (ADR 080)', () => {
  it('name only §4.5 statuses, and every §4.5 status has its row', () => {
    for (const move of WORK_ORDER_MOVES) {
      expect(known.has(move.to), move.to).toBe(true);
      for (const from of move.from) expect(known.has(from), from).toBe(true);
    }
    expect(new Set(WORK_ORDER_TRANSITIONS.keys())).toEqual(known);
    for (const targets of WORK_ORDER_TRANSITIONS.values()) {
      for (const target of targets) expect(known.has(target), target).toBe(true);
    }
    expect(WORK_ORDER_STATUSES).toEqual([...known]);
  });

  it('reach every §4.5 status but Open by an action of a dispatcher, a technician or the system', () => {
    const produced = new Set(
      WORK_ORDER_MOVES.filter((move) => move.by !== 'customer').map((move) => move.to),
    );
    // Open is where a paid order starts (and where the customer's new time starts a new visit).
    expect([...known].filter((status) => !produced.has(status))).toEqual(['Open']);
  });

  it('lead from every status that is not final to Completed and to Cancelled', () => {
    for (const status of known) {
      if (FINAL_STATUSES.includes(status)) continue;
      const onward = reachable(status, ['dispatcher', 'technician', 'customer', 'system']);
      expect(onward.has('Completed'), `${status} → Completed`).toBe(true);
      expect(onward.has('Cancelled'), `${status} → Cancelled`).toBe(true);
    }
  });

  it('lead the operators alone from every delayed status to a new visit and an installation', () => {
    for (const status of [...known].filter((each) => /^Delayed|^ForRescue$/.test(each))) {
      expect(isMoveAllowed(status, 'Pending-ForVisit', 'dispatcher', 'new_visit'), status).toBe(
        true,
      );
      expect(reachable(status, ['dispatcher', 'technician']).has('Completed'), status).toBe(true);
    }
  });

  it('let a dispatcher cancel with a refund only a job marked for cancellation', () => {
    expect(OPERATOR_CANCELLABLE_STATUSES).toEqual(['Delayed-ForCancellation']);
    expect(isMoveAllowed('Delayed-ForCancellation', 'Cancelled', 'dispatcher', 'refund')).toBe(
      true,
    );
    expect(
      isMoveAllowed('Delayed-ForCancellation', 'Pending-ForVisit', 'dispatcher', 'new_visit'),
    ).toBe(true);
  });

  it('never let a dispatcher set Cancelled or Pending-ForVisit as a bare status', () => {
    for (const from of known) {
      expect(isTransitionAllowed(from, 'Cancelled')).toBe(false);
      expect(isTransitionAllowed(from, 'Pending-ForVisit')).toBe(false);
    }
    expect(WORK_ORDER_TRANSITIONS.get('Completed')).toEqual([]);
    expect(WORK_ORDER_TRANSITIONS.get('Cancelled')).toEqual([]);
    expect(WORK_ORDER_TRANSITIONS.get('Completed-For Visit')).toEqual(['Completed']);
  });

  it('keep Completed and Cancelled final for everyone', () => {
    for (const move of WORK_ORDER_MOVES) {
      expect(move.from).not.toContain('Completed');
      expect(move.from).not.toContain('Cancelled');
    }
  });

  it('give the customer their changes exactly where the API allows them', () => {
    expect(statusesFrom('customer', 'new_time')).toEqual(CUSTOMER_CHANGEABLE_STATUSES);
    expect(statusesFrom('customer', 'refund')).toEqual(CUSTOMER_CHANGEABLE_STATUSES);
    expect(CUSTOMER_CHANGEABLE_STATUSES).not.toContain('Pending-OnTheWay');
    expect(ASSIGNABLE_STATUSES).toEqual(
      expect.arrayContaining(['Open', 'Pending-ForVisit', 'Delayed-ForCancellation', 'ForRescue']),
    );
  });
});

describe('technician actions', () => {
  it("stay inside the dispatcher's table", () => {
    for (const action of TECHNICIAN_ACTIONS) {
      for (const from of known) {
        const to = statusAfterAction(action, from);
        if (to !== undefined) expect(isTransitionAllowed(from, to), `${from} → ${to}`).toBe(true);
      }
    }
  });

  it.each([
    ['on_the_way', 'Pending-ForVisit', 'Pending-OnTheWay'],
    ['arrived', 'Pending-OnTheWay', 'Ongoing'],
    ['completed', 'Ongoing', 'Completed'],
    ['completed', 'Ongoing-Unhold', 'Completed'],
    ['completed_follow_up', 'Ongoing', 'Completed-For Visit'],
    ['hold', 'Ongoing', 'Ongoing-Onhold'],
    ['resume', 'Ongoing-Onhold', 'Ongoing-Unhold'],
    ['return_visit', 'Ongoing-Onhold', 'Delayed-WithStartActivity'],
    ['rescue', 'Ongoing', 'ForRescue'],
    ['not_installed', 'Ongoing', 'Delayed-WithVisit'],
    ['not_installed', 'Pending-OnTheWay', 'Delayed-WithoutVisit'],
  ] as const)('%s from %s → %s', (action, from, to) => {
    expect(statusAfterAction(action, from)).toBe(to);
  });

  it('are not possible from where they make no sense', () => {
    expect(statusAfterAction('arrived', 'Open')).toBeUndefined();
    expect(statusAfterAction('completed', 'Ongoing-Onhold')).toBeUndefined();
    expect(statusAfterAction('rescue', 'Pending-ForVisit')).toBeUndefined();
  });

  it.each(['not_installed', 'return_visit', 'rescue', 'completed_follow_up'])(
    'need a reason for %s, naming the field',
    (action) => {
      const parsed = ZOpsMoveRequest.safeParse({ work_order_id: 'x', action });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['reason']);
      expect(
        ZOpsMoveRequest.safeParse({ work_order_id: 'x', action, reason: 'No power' }).success,
      ).toBe(true);
    },
  );
});
