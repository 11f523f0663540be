/**
 * A (stacked) bar chart drawn with visx (d3 scales, SVG), loaded only with Insights' charts. A
 * click on a segment opens the calls list filtered to the calls it counts. The drawing is hidden
 * from assistive technology and its segments are not tab stops: the figure is named by its
 * caption, and the table under every chart carries the same numbers as links, for keyboard and
 * screen-reader users. Colours are classes, so dark mode follows the page.
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useRouter } from '@tanstack/react-router';
import { twoLineChars } from '../model/chart-data';

export interface ChartSegment {
  key: string;
  value: number;
  base: number;
  /** Fill classes (light and dark). */
  className: string;
  href: string;
  /** The hover text: what the segment counts. */
  title: string;
}

export interface ChartBar {
  key: string;
  label: string;
  segments: ChartSegment[];
}

const MARGIN = { top: 8, right: 8, bottom: 36, left: 44 };
const tickText = 'fill-slate-600 text-[11px] dark:fill-slate-400';
/** A character of an 11-px tick label, wide (digits and lower case of the UI fonts are narrower), and the room kept between two labels. */
const TICK_CHAR_PX = 6.5;
const TICK_GAP_PX = 8;

export function BarChart({ bars, label, height = 240 }: { bars: ChartBar[]; label: string; height?: number }) {
  const { parentRef, width } = useParentSize({ debounceTime: 50, initialSize: { width: 640 } });
  const router = useRouter();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const max = Math.max(1, ...bars.map((b) => b.segments.reduce((n, s) => Math.max(n, s.base + s.value), 0)));
  const x = scaleBand<string>({ domain: bars.map((b) => b.key), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const labels = new Map(bars.map((b) => [b.key, b.label]));
  // Thin the bottom labels so they never overlap. A label wraps at its spaces within the room its
  // bars give it, on the two lines the margin holds ("10–15" over "min", "Nov 29" over "14:00").
  const widest = Math.max(1, ...bars.map((b) => twoLineChars(b.label)));
  const every = Math.max(1, Math.ceil((widest * TICK_CHAR_PX + TICK_GAP_PX) / Math.max(1, x.step())));

  return (
    <figure ref={parentRef} className="w-full">
      <figcaption className="sr-only">{label}. The table below has the same figures, each a link to its calls.</figcaption>
      <svg width={width} height={height} aria-hidden="true">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {bars.map((bar) =>
            bar.segments.map((segment) =>
              segment.value > 0 ? (
                // The mouse's way in; keyboard and screen readers use the table's links (same hrefs).
                <g key={`${bar.key}-${segment.key}`} data-bar={`${bar.key}:${segment.key}`} onClick={() => router.history.push(segment.href)}>
                  <title>{segment.title}</title>
                  <Bar
                    x={x(bar.key) ?? 0}
                    y={y(segment.base + segment.value)}
                    width={x.bandwidth()}
                    height={Math.max(1, y(segment.base) - y(segment.base + segment.value))}
                    className={`${segment.className} cursor-pointer hover:opacity-80`}
                  />
                </g>
              ) : null,
            ),
          )}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(v) => Number(v).toLocaleString()}
            axisLineClassName="stroke-slate-300 dark:stroke-slate-700"
            tickClassName="[&_line]:stroke-slate-300 dark:[&_line]:stroke-slate-700"
            tickLabelProps={{ className: tickText, textAnchor: 'end', dx: -4, dy: 3 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickFormat={(key) => labels.get(key) ?? key}
            tickValues={bars.filter((_, i) => i % every === 0).map((b) => b.key)}
            axisLineClassName="stroke-slate-300 dark:stroke-slate-700"
            tickClassName="[&_line]:stroke-slate-300 dark:[&_line]:stroke-slate-700"
            tickLabelProps={{ className: tickText, textAnchor: 'middle', verticalAnchor: 'start', dy: '-0.4em', width: x.step() * every - TICK_GAP_PX }}
          />
        </Group>
      </svg>
    </figure>
  );
}
