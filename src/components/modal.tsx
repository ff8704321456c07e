import type { ReactNode } from 'react';

// A daisyUI modal, open while it is rendered: Escape and a click on the backdrop close it. The caller
// draws the box's content, heading (with id `labelledBy`) included.
export function Modal({
  labelledBy,
  boxClassName,
  onClose,
  children,
}: {
  labelledBy: string;
  /** The box's classes (`modal-box` and its size). */
  boxClassName: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div
      className="modal modal-open modal-bottom sm:modal-middle"
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className={boxClassName}>{children}</div>
      <button type="button" className="modal-backdrop" onClick={onClose} tabIndex={-1} aria-hidden="true" />
    </div>
  );
}
