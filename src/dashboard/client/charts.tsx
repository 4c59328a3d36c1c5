/** Hand-written SVG bar charts: no chart library, nothing to download. */
export interface Bar {
  label: string;
  value: number;
  display: string;
  color?: string;
}

/**
 * `title` names the chart for people who cannot see it: with every bar's label and figure it is the
 * image's text alternative ("Receivables aging (USD): 1–30 days $1,200; ..."), the labels in full.
 */
export function BarChart({ bars, empty, title }: { bars: Bar[]; empty: string; title: string }) {
  if (bars.length === 0 || bars.every((b) => b.value === 0)) return <p class="muted chart-empty">{empty}</p>;
  const max = Math.max(...bars.map((b) => b.value));
  const row = 28;
  const labelWidth = 92;
  const width = 360;
  const barSpace = width - labelWidth - 70;
  return (
    <div class="chart">
      <svg viewBox={`0 0 ${width} ${bars.length * row + 6}`} role="img" aria-label={`${title}: ${bars.map((b) => `${b.label} ${b.display}`).join("; ")}`}>
        {bars.map((b, i) => {
          const w = max > 0 ? Math.max(2, (b.value / max) * barSpace) : 2;
          const y = i * row + 4;
          return (
            <g>
              <text class="bar-label" x={labelWidth - 8} y={y + 15} text-anchor="end">
                {b.label.length > 14 ? `${b.label.slice(0, 13)}…` : b.label}
              </text>
              <rect x={labelWidth} y={y + 2} width={w} height={row - 10} rx={4} fill={b.color ?? "#6366f1"}>
                <title>{`${b.label}: ${b.display}`}</title>
              </rect>
              <text class="bar-value" x={labelWidth + w + 6} y={y + 15}>
                {b.display}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
