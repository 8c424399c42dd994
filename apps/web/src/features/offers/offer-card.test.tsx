import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCatalogOffer } from '@konek/contract/get-offers';
import { OfferCard } from './offer-card';
import { LAS_PINAS_SPECIAL, PLAN_200 } from './offer-fixtures-for-tests';

function renderCard(offer: TCatalogOffer) {
  const onChoose = vi.fn();
  render(<OfferCard offer={offer} onChoose={onChoose} />);
  return { onChoose, card: screen.getByRole('article', { name: offer.data.name }) };
}

describe('OfferCard (product §3 offer, §9 amounts and defaults)', () => {
  it('shows a special offer with its original price struck through and its final price', () => {
    const { card } = renderCard(LAS_PINAS_SPECIAL);
    expect(card.querySelector('s')?.textContent).toBe('Regular price ₱1,499.00');
    expect(screen.getByText('₱699.00')).toBeTruthy();
    expect(screen.getByText('Special offer')).toBeTruthy();
    expect(screen.getByText('up to 100 Mbps')).toBeTruthy();
    expect(screen.getByText('30 free days')).toBeTruthy();
    expect(screen.getByText('Wi-Fi 6 modem, yours to keep')).toBeTruthy();
    expect(screen.getByText('Free mesh Wi-Fi extender')).toBeTruthy();
  });

  it('formats a plain plan with thousands separators and no struck price', () => {
    const { card } = renderCard(PLAN_200);
    expect(screen.getByText('₱12,345.50')).toBeTruthy();
    expect(card.querySelector('s')).toBeNull();
    expect(screen.getByText('14 free days')).toBeTruthy();
    expect(screen.queryByText('Special offer')).toBeNull();
  });

  it('falls back to 1499 / 699, 50 Mbps and 7 free days when a special offer lacks them', () => {
    const bare: TCatalogOffer = {
      id: 'bare-special',
      data: { name: 'Bare special', less: 'Special Offer for your city' },
      purchased: false,
    };
    const { card } = renderCard(bare);
    expect(card.querySelector('s')?.textContent).toBe('Regular price ₱1,499.00');
    expect(screen.getByText('₱699.00')).toBeTruthy();
    expect(screen.getByText('up to 50 Mbps')).toBeTruthy();
    expect(screen.getByText('7 free days')).toBeTruthy();
  });

  it('lets the customer choose an offer', async () => {
    const { onChoose } = renderCard(PLAN_200);
    await userEvent.click(screen.getByRole('button', { name: 'Choose this plan' }));
    expect(onChoose).toHaveBeenCalledWith(PLAN_200);
  });

  it('shows an offer already bought as such, without a choose action (product §4.6)', () => {
    renderCard({ ...PLAN_200, purchased: true });
    expect(screen.getByText('Already purchased')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose this plan' })).toBeNull();
  });
});
