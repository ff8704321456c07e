import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

type HiringStatusLinkProps = {
  // One referral, opened over the list, or every referral of a task.
  search: { referral: number } | { taskId: number };
  // The accessible name: what the link opens, as the visible text alone does not say it.
  label: string;
  testId: string;
  className?: string;
  children: ReactNode;
};

/**
 * A name or count in an admin list that opens Admin › Hiring status, where each referral is decided on
 * with its CV, proofs and history.
 */
export function HiringStatusLink({ search, label, testId, className, children }: HiringStatusLinkProps) {
  return (
    <Link
      to="/admin/hiring-status"
      search={search}
      className={className ? `link link-hover ${className}` : 'link link-hover'}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}
