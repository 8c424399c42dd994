import { divIcon } from 'leaflet';

// Leaflet's default marker PNGs break under Vite. The red pin of product §2.3 is drawn as an
// inline SVG instead: no image request, crisp at any pixel density.

const PIN_WIDTH = 40;
const PIN_HEIGHT = 52;

const PIN_SVG = `<svg viewBox="0 0 40 52" width="${PIN_WIDTH}" height="${PIN_HEIGHT}" aria-hidden="true" focusable="false">
  <path d="M20 2C10.1 2 2 9.9 2 19.7 2 33 20 50 20 50s18-17 18-30.3C38 9.9 29.9 2 20 2z" fill="#d92d20" stroke="#ffffff" stroke-width="2.5"/>
  <circle cx="20" cy="19.5" r="7" fill="#ffffff"/>
</svg>`;

/** The red pin, its tip on the point; `className` styles the wrapper (shadow, focus ring). */
export function redPinIcon(className: string) {
  return divIcon({
    html: PIN_SVG,
    className,
    iconSize: [PIN_WIDTH, PIN_HEIGHT],
    iconAnchor: [PIN_WIDTH / 2, PIN_HEIGHT - 2],
    tooltipAnchor: [0, 0],
  });
}
