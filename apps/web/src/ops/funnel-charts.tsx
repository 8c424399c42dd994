import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TFunnelReply } from '@konek/contract/ops-funnel';
import { i18n } from '../i18n/i18n';
import { CHART_TIME_ZONE, chartSeconds, stepWords } from './funnel-words';
import own from './funnel-console.module.css';

// ADR 096: the funnel's two charts, drawn by uPlot (pinned, loaded with this screen only): the steps'
// totals as bars, and each step per period as lines. The table beside them holds the same numbers for
// whoever cannot read a chart.

const COLOURS = [
  '#1d4ed8',
  '#0891b2',
  '#059669',
  '#65a30d',
  '#ca8a04',
  '#ea580c',
  '#dc2626',
  '#7c3aed',
];
const HEIGHT = 260;
const FALLBACK_WIDTH = 320;

/** A uPlot chart in the returned element, rebuilt when the reply changes, resized with its frame. */
function usePlot(
  reply: TFunnelReply,
  build: (reply: TFunnelReply, width: number) => [uPlot.Options, uPlot.AlignedData],
) {
  const frame = useRef<HTMLDivElement>(null);
  const builder = useRef(build);
  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const [options, data] = builder.current(reply, element.clientWidth || FALLBACK_WIDTH);
    const plot = new uPlot(options, data, element);
    const observer = new ResizeObserver(() => {
      plot.setSize({ width: element.clientWidth || FALLBACK_WIDTH, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [reply]);
  return frame;
}

function funnelPlot(reply: TFunnelReply, width: number): [uPlot.Options, uPlot.AlignedData] {
  const known = reply.steps.filter((step) => step.total !== null);
  const names = known.map((step) => stepWords(step.step));
  const bars = uPlot.paths.bars?.({ size: [0.7, 80] });
  return [
    {
      width,
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, known.length - 0.5] } },
      series: [
        {},
        {
          label: i18n._('Total'),
          fill: COLOURS[0],
          stroke: COLOURS[0],
          ...(bars ? { paths: bars } : {}),
          points: { show: false },
        },
      ],
      axes: [
        {
          splits: () => known.map((_, index) => index),
          values: (_plot, splits) => splits.map((index) => names[index] ?? ''),
          rotate: width < 600 ? -45 : 0,
          size: width < 600 ? 110 : 40,
        },
        { size: 72 },
      ],
    },
    [known.map((_, index) => index), known.map((step) => step.total)],
  ];
}

function periodPlot(reply: TFunnelReply, width: number): [uPlot.Options, uPlot.AlignedData] {
  const known = reply.steps.filter((step) => step.total !== null);
  return [
    {
      width,
      height: HEIGHT,
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), CHART_TIME_ZONE),
      scales: { x: { time: true } },
      series: [
        {},
        ...known.map((step) => ({
          label: stepWords(step.step),
          stroke: COLOURS[reply.steps.indexOf(step) % COLOURS.length] ?? COLOURS[0],
          width: 2,
        })),
      ],
      axes: [{}, { size: 72 }],
    },
    [reply.periods.map(chartSeconds), ...known.map((step) => step.counts)],
  ];
}

export function FunnelCharts({ reply }: { reply: TFunnelReply }) {
  const funnel = usePlot(reply, funnelPlot);
  const periods = usePlot(reply, periodPlot);
  return (
    <div className={own.charts}>
      <figure className={own.chart}>
        <h3>{i18n._('The funnel over the range')}</h3>
        <div
          ref={funnel}
          role="img"
          aria-label={i18n._('Bar chart of each step’s total; the table below has the numbers.')}
        />
      </figure>
      <figure className={own.chart}>
        <h3>{i18n._('Each step per period')}</h3>
        <div
          ref={periods}
          role="img"
          aria-label={i18n._(
            'Line chart of each step per period; the table below has the numbers.',
          )}
        />
      </figure>
    </div>
  );
}

export default FunnelCharts;
