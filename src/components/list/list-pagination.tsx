import { Pagination } from '#src/components/list/pagination.tsx';
import { asPageSize } from '#src/lib/list-search.ts';
import type { PAGE_SIZES } from '#src/shared/constants.ts';

type ListPaginationProps = {
  idPrefix: string;
  data: { page: number; pageSize: number; total: number };
  /** The URL's search takes only the seed's page sizes, so the size comes back as one of them. */
  onChange: (next: { page: number; pageSize: (typeof PAGE_SIZES)[number] }) => void;
};

// The pages under a list page's items; an empty list shows none.
export function ListPagination({ idPrefix, data, onChange }: ListPaginationProps) {
  if (data.total === 0) return null;
  return (
    <Pagination
      idPrefix={idPrefix}
      page={data.page}
      pageSize={data.pageSize}
      total={data.total}
      onChange={(next) => onChange({ page: next.page, pageSize: asPageSize(next.pageSize) })}
    />
  );
}
