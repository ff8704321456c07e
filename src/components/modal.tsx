import { type ReactNode, useEffect, useRef } from 'react';

// A daisyUI modal, open while it is rendered: Escape and a click on the backdrop close it. The caller
// draws the box's content, heading (with id `labelledBy`) included.
// Escape works wherever the focus is: after an action inside (a decision saved, whose button went away)
// the focus may fall back to the page's body, outside the modal, and the modal must still close. The
// modal opened last closes first.
const openModals: { current: () => void }[] = [];

function closeTopModal(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return;
  openModals.at(-1)?.current();
}

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
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const entry = close;
    openModals.push(entry);
    if (openModals.length === 1) document.addEventListener('keydown', closeTopModal);
    return () => {
      openModals.splice(openModals.indexOf(entry), 1);
      if (openModals.length === 0) document.removeEventListener('keydown', closeTopModal);
    };
  }, []);
  return (
    <div
      className="modal modal-open modal-bottom sm:modal-middle"
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
    >
      <div className={boxClassName}>{children}</div>
      <button type="button" className="modal-backdrop" onClick={onClose} tabIndex={-1} aria-hidden="true" />
    </div>
  );
}
