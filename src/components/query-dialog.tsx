import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { Modal } from '#src/components/modal.tsx';
import { errorMessage } from '#src/lib/app-error.ts';

// A dialog over a list showing one record fetched for it: its title, a close button that takes the focus
// when it opens, a skeleton while the query is pending and the error if it fails (the admin's referral
// detail, a recruiter's scorecard).
export function QueryDialog<T>({
  query,
  title,
  closeLabel,
  boxClassName,
  onClose,
  children,
}: {
  query: UseQueryResult<T>;
  title: ReactNode;
  closeLabel: string;
  boxClassName: string;
  onClose: () => void;
  children: (data: T) => ReactNode;
}) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <Modal labelledBy={titleId} boxClassName={boxClassName} onClose={onClose}>
      <div className="mb-3 flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button ref={closeRef} type="button" className="btn btn-sm btn-ghost" onClick={onClose} aria-label={closeLabel}>
          ✕
        </button>
      </div>
      {query.isPending && <div className="skeleton h-40 w-full" aria-busy="true" />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data !== undefined && children(query.data)}
    </Modal>
  );
}
