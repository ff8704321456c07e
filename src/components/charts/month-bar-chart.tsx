import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';

// Only the parts a bar chart draws with, so the chart chunk stays small. This module is imported by
// route components only (code-split by the router plugin), never by a loader or the app shell.
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export type ChartSeries = {
  label: string;
  values: number[];
  /** How a value reads in the table and the tooltip (money, for instance); plain numbers otherwise. */
  format?: (value: number) => string;
};

type MonthBarChartProps = {
  /** What the chart shows: the table's caption and the canvas's accessible name. */
  caption: string;
  /** The header of the first column (the months). */
  rowHeader: string;
  /** One label per month, oldest first. */
  labels: string[];
  series: ChartSeries[];
  className?: string;
};

// Theme colours (daisyUI custom properties), in series order; a plain fallback where styles are absent.
const COLOR_VARS = ['--color-primary', '--color-secondary', '--color-accent', '--color-info', '--color-warning'];
const FALLBACK = ['#16a34a', '#2d3cfe', '#0ea5e9', '#a855f7', '#f59e0b'];

function themeColors(): string[] {
  const style = getComputedStyle(document.documentElement);
  return COLOR_VARS.map((name, i) => style.getPropertyValue(name).trim() || (FALLBACK[i] as string));
}

/** Whether this browser can draw on a canvas (test DOMs and some locked-down browsers cannot). */
function canDraw(): boolean {
  try {
    return typeof document !== 'undefined' && Boolean(document.createElement('canvas').getContext('2d'));
  } catch {
    return false;
  }
}

/**
 * A small bar chart of values per month, drawn by Chart.js, with the same numbers as a table: read by
 * screen readers beside the canvas, and shown instead of it where a canvas cannot be drawn.
 */
export function MonthBarChart({ caption, rowHeader, labels, series, className = '' }: MonthBarChartProps) {
  const drawable = useMemo(canDraw, []);
  const chart = useMemo(() => {
    if (!drawable) return null;
    const colors = themeColors();
    return {
      data: {
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          backgroundColor: colors[i % colors.length],
          borderRadius: 4,
          maxBarThickness: 28,
        })),
      },
      formats: series.map((s) => s.format),
    };
  }, [drawable, labels, series]);

  return (
    <figure className={className}>
      {chart && (
        // Inline-size containment: the canvas Chart.js sized for a wide window must not hold its grid or
        // flex column open when the window narrows (a desktop window made phone-narrow kept the earning
        // page 672 px wide), or the chart never sees its box shrink and never redraws.
        <div className="relative h-52 w-full [contain:inline-size]" aria-hidden="true" data-testid="month-chart-canvas">
          <Bar
            data={chart.data}
            options={{
              responsive: true,
              maintainAspectRatio: false,
              animation: false,
              scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
              plugins: {
                legend: { display: series.length > 1, position: 'bottom', labels: { boxWidth: 12 } },
                tooltip: {
                  callbacks: {
                    label: (item) => {
                      const format = chart.formats[item.datasetIndex];
                      const value = Number(item.raw);
                      return `${item.dataset.label}: ${format ? format(value) : value}`;
                    },
                  },
                },
              },
            }}
          />
        </div>
      )}
      {/* sr-only on its wrapper, not on the table: a table will not shrink to sr-only's 1 px, and the
          hidden table widened the page past a 360 px phone (the page scrolled sideways). */}
      <div className={chart ? 'sr-only' : 'overflow-x-auto'}>
        <table className={chart ? undefined : 'table table-sm'} data-testid="month-chart-table">
          <caption className={chart ? undefined : 'text-left text-sm font-medium'}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, row) => (
              <tr key={label}>
                <th scope="row" className="font-normal">
                  {label}
                </th>
                {series.map((s) => {
                  const value = s.values[row] ?? 0;
                  return (
                    <td key={s.label} className="text-right tabular-nums">
                      {s.format ? s.format(value) : value}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
