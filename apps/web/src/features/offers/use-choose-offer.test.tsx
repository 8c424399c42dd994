import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { TOffer } from '@konek/contract/offer-rules';
import { PATHS } from '@konek/contract/routes';
import { readChosenOffer } from '../../lib/journey-store';
import { BACK_TO_PAY_STATE } from '../../lib/offer-return';
import { setSession } from '../../lib/session';
import { useChooseOffer } from './use-choose-offer';

const OFFER = { id: 'offer-3', data: { name: 'Fiber 2499' } } as TOffer;

function PlansPage() {
  const choose = useChooseOffer();
  return (
    <button type="button" onClick={() => choose(OFFER)}>
      Choose this plan
    </button>
  );
}

async function chooseFrom(state: unknown, page: string = PATHS.prepaid) {
  const router = createMemoryRouter(
    [
      { path: page, element: <PlansPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [{ pathname: page, state }] },
  );
  render(<RouterProvider router={router} />);
  await userEvent.click(screen.getByRole('button', { name: 'Choose this plan' }));
  return router.state.location.pathname;
}

describe('choosing a plan', () => {
  it('goes on to the account step, or to the details form when signed in', async () => {
    expect(await chooseFrom(null)).toBe(PATHS.entermobile);
    expect(readChosenOffer()?.offerId).toBe('offer-3');
  });

  it('remembers the page the plan was chosen on, where Back from the details step returns', async () => {
    setSession({ token: 'token-1', userId: 'user-1' });
    expect(await chooseFrom(null, PATHS.specialOffer)).toBe(PATHS.filloutdetail);
    expect(readChosenOffer()?.chosenOn).toBe(PATHS.specialOffer);
    cleanup();
    await chooseFrom(null);
    expect(readChosenOffer()?.chosenOn).toBe(PATHS.prepaid);
  });

  it('goes back to Confirm and Pay when that is what asked for a plan', async () => {
    setSession({ token: 'token-1', userId: 'user-1' });
    expect(await chooseFrom(BACK_TO_PAY_STATE)).toBe(PATHS.pay);
  });

  it('goes to the details form for a signed-in customer otherwise', async () => {
    setSession({ token: 'token-1', userId: 'user-1' });
    expect(await chooseFrom({ afterChoosingPlan: '/somewhere-else' })).toBe(PATHS.filloutdetail);
  });
});
