import { CircleMarker, Pane, Tooltip } from 'react-leaflet';
import type { TDemandRow } from '@konek/contract/ops-demand';
import { demandStep, demandWords } from './demand-words';
import styles from './ops.module.css';

// ADR 095: the demand layer over the network map — each barangay with households waiting as a circle
// whose size and colour step up with the count (demand-words' scale), the most waiting drawn on top, its
// figures on hover. The same figures are in the table beside the map for whoever does not use it. The
// circles have a pane of their own above the NAP markers (600) and below the tooltips (650): a planner
// who turns demand on means to see it, and the NAPs show again with the layer off.

export function DemandLayer({ rows }: { rows: readonly TDemandRow[] }) {
  // Fewest first, so the largest circles (the most waiting) lie on top.
  const drawn = [...rows].sort((left, right) => left.waiting - right.waiting);
  return (
    <Pane name="demand" className={styles.demandPane ?? ''} style={{ zIndex: 620 }}>
      {drawn.map((row) => {
        const step = demandStep(row.waiting);
        return (
          <CircleMarker
            key={row.barangay_code ?? `${row.province}|${row.city}|${row.barangay}`}
            center={[row.latitude, row.longitude]}
            radius={step.radius}
            pathOptions={{
              className: styles.demandCircle ?? '',
              color: '#ffffff',
              weight: 1.5,
              fillColor: step.colour,
              fillOpacity: 0.75,
            }}
          >
            <Tooltip direction="top">{demandWords(row)}</Tooltip>
          </CircleMarker>
        );
      })}
    </Pane>
  );
}
