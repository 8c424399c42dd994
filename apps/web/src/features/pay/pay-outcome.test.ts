import { describe, expect, it } from 'vitest';
import { payPath, readPayIds } from './pay-outcome';

describe('the ids a result page carries', () => {
  it('reads the wallet’s payment_session_id and Konek’s order_id, and nothing malformed', () => {
    expect(readPayIds('?payment_session_id=8f1c-22&order_id=o_1')).toEqual({
      paymentSessionId: '8f1c-22',
      orderId: 'o_1',
    });
    expect(readPayIds('?payment_session_id=%3Cscript%3E&order_id=')).toEqual({
      paymentSessionId: null,
      orderId: null,
    });
    expect(readPayIds(`?payment_session_id=${'a'.repeat(65)}`).paymentSessionId).toBeNull();
  });

  it('writes them back on the page it leads to, so a refresh shows the same payment', () => {
    expect(payPath('thanks', { paymentSessionId: 's-1', orderId: 'o-1' })).toBe(
      '/serviceability/thanks?payment_session_id=s-1&order_id=o-1',
    );
    expect(payPath('failed', { paymentSessionId: null, orderId: null })).toBe(
      '/serviceability/failed',
    );
  });
});
