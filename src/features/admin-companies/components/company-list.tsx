import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { CardFigures, type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import type { CompanyListFilters } from '#src/features/admin-companies/search.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import type { CompanySummary } from '#src/shared/company-types.ts';

type CompanyListProps = {
  data: ListPage<CompanySummary>;
  filters: CompanyListFilters;
  onChange: (patch: Partial<CompanyListFilters>) => void;
  onOpen: (companyId: number) => void;
  onCreate: () => void;
};

const NUMBER = 'text-right tabular-nums';

// The hiring companies: the search in the URL; a table on a desktop, cards on a phone. A company's name
// opens its panel (rename, contacts).
export function CompanyList({ data, filters, onChange, onOpen, onCreate }: CompanyListProps) {
  const change = (patch: Partial<CompanyListFilters>) => onChange({ ...patch, page: 1 });
  const name = (company: CompanySummary) => (
    <button type="button" className="link link-hover text-start font-semibold" onClick={() => onOpen(company.id)}>
      {company.name}
    </button>
  );
  const columns: Column<CompanySummary>[] = [
    { header: m.admin_tasks_field_company(), cell: name },
    { header: m.admin_companies_col_tasks(), className: NUMBER, testId: 'company-tasks', cell: (c) => c.tasks },
    {
      header: m.admin_companies_col_contacts(),
      className: NUMBER,
      testId: 'company-contacts',
      cell: (c) => c.contacts,
    },
    { header: m.admin_companies_col_shares(), className: NUMBER, testId: 'company-shares', cell: (c) => c.shares },
    { header: m.admin_companies_col_answers(), className: NUMBER, testId: 'company-answers', cell: (c) => c.answers },
  ];
  return (
    <div className="space-y-3">
      <SearchBox
        id="companies-search"
        label={m.admin_companies_search_label()}
        value={filters.search}
        onSearch={(search) => change({ search })}
      />
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filters.search !== '' || filters.page > 1}
          title={m.admin_companies_empty()}
          onClear={() => change({ search: '' })}
        >
          <button type="button" className="btn btn-sm btn-primary" onClick={onCreate}>
            {m.admin_companies_new()}
          </button>
        </ListEmpty>
      ) : (
        <TableAndCards
          label={m.title_companies()}
          items={data.items}
          columns={columns}
          rowTestId="company-row"
          cardTestId="company-card"
          card={(company) => (
            <>
              <h3 className="leading-snug">{name(company)}</h3>
              <CardFigures
                figures={[
                  { label: m.admin_companies_col_tasks(), value: company.tasks },
                  { label: m.admin_companies_col_contacts(), value: company.contacts },
                  { label: m.admin_companies_col_shares(), value: company.shares },
                  { label: m.admin_companies_col_answers(), value: company.answers },
                ]}
              />
            </>
          )}
        />
      )}
      <ListPagination idPrefix="companies" data={data} onChange={onChange} />
    </div>
  );
}
