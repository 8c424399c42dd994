import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TechnicianMap } from './technician-map';

// The technician's map on /trackmyorder/trackmytechnician (ADR 084): said in words when there are no
// tiles to draw, as the address map is, and the technician's name kept inside the map on a phone.

const HOME = { lat: 14.5547, lng: 121.0244 };
/** About 2.8 km north of the home: the technician at the top of the view. */
const FROM_THE_NORTH = { lat: 14.58, lng: 121.0244 };
const NO_TILES = /^Map tiles are unavailable/;

/** The map's box on a 390 px phone: the screen's width less its padding, 22rem high. */
const PHONE_MAP = { width: 358, height: 352 };

/**
 * What the name label needs above the marker's centre in Chromium at 390 px: half the 36 px marker, the
 * label's 6 px arrow and the label itself (bold text at the page's size and line height in Leaflet's
 * tooltip box: 39 px, measured in e2e/accessibility.test.ts's screenshot).
 */
const LABEL_ABOVE_CENTRE = 18 + 6 + 39;

function renderMap(props: Partial<Parameters<typeof TechnicianMap>[0]> = {}) {
  return render(
    <TechnicianMap
      home={HOME}
      technician={FROM_THE_NORTH}
      technicianName="Rosa"
      tileUrl=""
      tileAttribution=""
      {...props}
    />,
  );
}

describe('the technician map', () => {
  beforeEach(() => {
    // jsdom lays nothing out: Leaflet reads the map's size from the container.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(PHONE_MAP.width);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(PHONE_MAP.height);
  });
  afterEach(() => vi.restoreAllMocks());

  it('says the map tiles are unavailable when none are configured', () => {
    renderMap();
    expect(screen.getByText(NO_TILES).textContent).toBe(
      'Map tiles are unavailable; the pins still show your home and your technician.',
    );
  });

  it('says so when the tiles do not load, and not before', async () => {
    const { container } = renderMap({ tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' });
    expect(screen.queryByText(NO_TILES)).toBeNull();
    const tile = await waitFor(() => {
      const image = container.querySelector('img.leaflet-tile');
      if (!image) throw new Error('no tile yet');
      return image;
    });
    fireEvent.error(tile);
    expect(await screen.findByText(NO_TILES)).toBeTruthy();
  });

  /** The technician marker's centre, from the top of the map, as Leaflet placed it. */
  function technicianCentreY(container: HTMLElement): number {
    const marker = container.querySelector<HTMLElement>('.leaflet-marker-icon:last-of-type');
    const pane = container.querySelector<HTMLElement>('.leaflet-map-pane');
    if (!marker || !pane) throw new Error('no technician marker');
    // Leaflet places the 36 px marker by its top left corner inside the map pane, placed in turn.
    return parseFloat(pane.style.top || '0') + parseFloat(marker.style.top) + 18;
  }

  it("keeps the technician's name inside the map on a phone, the technician coming from the north", () => {
    const { container } = renderMap();
    expect(technicianCentreY(container) - LABEL_ABOVE_CENTRE).toBeGreaterThanOrEqual(0);
    expect(screen.getByText('Rosa')).toBeTruthy();
  });

  it('keeps the name inside the map when the map shrinks to a phone’s (a window narrowed, a phone turned)', async () => {
    // Opened wide (the map beside the card from 880 px, 32rem high), then narrowed to a phone.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(512);
    const { container } = renderMap();
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(PHONE_MAP.width);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(PHONE_MAP.height);
    const wide = technicianCentreY(container);
    window.dispatchEvent(new Event('resize'));
    // Leaflet answers a resize on the next frame.
    await waitFor(() => expect(technicianCentreY(container)).not.toBe(wide));
    expect(technicianCentreY(container) - LABEL_ABOVE_CENTRE).toBeGreaterThanOrEqual(0);
  });
});
