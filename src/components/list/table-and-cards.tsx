import type { ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

export type Column<T> = {
  /** The column's heading; an actions column names itself for screen readers only (`sr-only`). */
  header: ReactNode;
  /** Classes of the heading and of every cell (alignment, wrapping). */
  className?: string;
  cell: (item: T) => ReactNode;
  testId?: string;
  /**
   * The row's buttons: pinned to the table's right edge, so they stay whole and in reach when the
   * table is wider than its box (a longer language, a narrower window) and the rest scrolls under them.
   */
  actions?: boolean;
};

// Its own background hides the cells scrolling under it; the shadow marks the edge they go under.
const ACTIONS_COLUMN = 'sticky right-0 z-[1] bg-base-100 whitespace-nowrap shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.2)]';
const classesOf = (column: Pick<Column<never>, 'className' | 'actions'>) =>
  [column.className, column.actions ? ACTIONS_COLUMN : undefined].filter(Boolean).join(' ') || undefined;

type TableAndCardsProps<T> = {
  label: string;
  items: readonly T[];
  columns: readonly Column<T>[];
  /** The phone card's content, inside its card body. */
  card: (item: T) => ReactNode;
  rowTestId?: string;
  cardTestId?: string;
  /** daisyUI's smaller table, for lists with many columns. */
  compact?: boolean;
};

/**
 * The admin lists' two faces of one page of items: a table from `lg` up, cards below it (phones and
 * tablets), both named by `label` so either reads as the same list.
 */
export function TableAndCards<T extends { id: number | string }>({
  label,
  items,
  columns,
  card,
  rowTestId,
  cardTestId,
  compact = false,
}: TableAndCardsProps<T>) {
  return (
    <>
      {/* A table wider than its box scrolls under its pinned actions: its box takes the focus so a keyboard
          can scroll it (axe found Section 107D's table unreachable at 1280 px). */}
      <ScrollRegion label={label} className="hidden bg-base-100 lg:block">
        <table className={compact ? 'table table-sm' : 'table'} aria-label={label}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                // Columns are fixed per list: their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <th key={index} className={classesOf(column)}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} data-testid={rowTestId}>
                {columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns, as above
                  <td key={index} className={classesOf(column)} data-testid={column.testId}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:hidden" aria-label={label}>
        {items.map((item) => (
          <li key={item.id}>
            <article className="card card-sm border border-base-300 bg-base-100" data-testid={cardTestId}>
              <div className="card-body gap-2">{card(item)}</div>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}

// Columns as wide as what they hold (auto), not equal thirds: a sum of money cannot wrap (a non-breaking
// space) and, in a third of a 360 px card, "MYR 102,000.00" ran out of it and the page scrolled sideways.
const GRID_COLUMNS = { 3: 'grid-cols-[repeat(3,auto)]', 4: 'grid-cols-[repeat(4,auto)]' } as const;

/** A card's figures: label over value, three or four to a row. */
export function CardFigures({ figures }: { figures: readonly { label: ReactNode; value: ReactNode }[] }) {
  const columns = figures.length >= 4 ? 4 : 3;
  return (
    <dl className={`grid ${GRID_COLUMNS[columns]} gap-2 text-sm`}>
      {figures.map((figure, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a card's figures are fixed
        <div key={index}>
          <dt className="text-xs text-base-content/60">{figure.label}</dt>
          <dd className="font-semibold tabular-nums">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
