import { m } from '#src/paraglide/messages.js';
import { PAGE_SIZES } from '#src/shared/constants.ts';

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  /** Called with the new page and page size (a new size goes back to page 1). */
  onChange: (next: { page: number; pageSize: number }) => void;
  idPrefix?: string;
  /** false: a list with a page size of its own (a picker in a dialog) offers no size to choose. */
  pageSizes?: boolean;
};

// Previous/next with "3 of 12" and the seed's page sizes (10/20/30/50): big enough to tap on a phone.
export function Pagination({ page, pageSize, total, onChange, idPrefix = 'list', pageSizes = true }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const sizeId = `${idPrefix}-page-size`;
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 py-2" aria-label={m.list_pagination_label()}>
      <p className="text-sm text-base-content/70" aria-live="polite">
        {m.list_showing({ from: String(from), to: String(to), total: String(total) })}
      </p>
      {/* Wraps on a narrow phone: "Halaman 1 daripada 3" and its size picker overflowed 360-390 px. */}
      <div className="flex flex-wrap items-center gap-2">
        {pageSizes && (
          <>
            <label className="text-sm" htmlFor={sizeId}>
              {m.list_page_size()}
            </label>
            <select
              id={sizeId}
              className="select select-sm w-20"
              value={pageSize}
              onChange={(event) => onChange({ page: 1, pageSize: Number(event.target.value) })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </>
        )}
        <div className="join">
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={page <= 1}
            onClick={() => onChange({ page: page - 1, pageSize })}
            aria-label={m.list_previous()}
          >
            ‹
          </button>
          <span className="btn btn-sm join-item pointer-events-none no-animation" aria-current="page">
            {m.list_page_of({ page: String(page), pages: String(pages) })}
          </span>
          <button
            type="button"
            className="btn btn-sm join-item"
            disabled={page >= pages}
            onClick={() => onChange({ page: page + 1, pageSize })}
            aria-label={m.list_next()}
          >
            ›
          </button>
        </div>
      </div>
    </nav>
  );
}
