import type { DayCount } from "./analytics-report.server.ts";

// Visitors and page views per day as SVG drawn on the server: the chart is in
// the HTML, so it shows with JavaScript off and costs no script. Mantine's
// charts (Recharts) draw nothing until the browser has measured their
// container (decision 161). The table beside it carries the numbers for
// screen readers; the chart itself is one labelled image.

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 28, left: 48 };

const SERIES = [
  // Both at least 3:1 against the page, as a graphic's parts must be.
  { key: "views", color: "var(--mantine-color-gray-6)" },
  { key: "visitors", color: "var(--mantine-color-brand-8)" },
] as const;

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten. */
export function niceMax(value: number) {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value) ?? 10;
  return step * power;
}

export function AnalyticsChart({
  days,
  label,
  legend,
}: {
  days: DayCount[];
  label: string;
  legend: { views: string; visitors: string };
}) {
  const max = niceMax(Math.max(0, ...days.map((day) => day.views)));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left +
    (days.length <= 1
      ? innerWidth / 2
      : (index * innerWidth) / (days.length - 1));
  const y = (value: number) =>
    PAD.top + innerHeight - (value / max) * innerHeight;
  const ticks = [0, max / 2, max];
  const labelled = [
    ...new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]),
  ];

  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={label}
        data-testid="analytics-chart"
        style={{ maxWidth: WIDTH, display: "block" }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--mantine-color-gray-3)"
            />
            <text
              x={PAD.left - 8}
              y={y(tick) + 4}
              textAnchor="end"
              fontSize={12}
              fill="var(--mantine-color-gray-7)"
            >
              {tick}
            </text>
          </g>
        ))}
        {labelled.map((index) => (
          <text
            key={index}
            x={x(index)}
            y={HEIGHT - 8}
            textAnchor={
              index === 0
                ? "start"
                : index === days.length - 1
                  ? "end"
                  : "middle"
            }
            fontSize={12}
            fill="var(--mantine-color-gray-7)"
          >
            {days[index]?.day.slice(5)}
          </text>
        ))}
        {SERIES.map(({ key, color }) => (
          <polyline
            key={key}
            data-series={key}
            fill="none"
            stroke={color}
            strokeWidth={2.5}
            strokeLinejoin="round"
            points={days
              .map(
                (day, index) =>
                  `${x(index).toFixed(1)},${y(day[key]).toFixed(1)}`,
              )
              .join(" ")}
          />
        ))}
      </svg>
      <figcaption>
        {SERIES.map(({ key, color }) => (
          <span key={key} style={{ marginRight: 16, whiteSpace: "nowrap" }}>
            <svg
              width="14"
              height="4"
              aria-hidden="true"
              style={{ marginRight: 6 }}
            >
              <rect width="14" height="4" fill={color} />
            </svg>
            {legend[key]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
