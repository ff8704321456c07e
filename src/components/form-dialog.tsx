import { type ReactNode, useEffect, useId, useRef } from 'react';

// A form in a native modal <dialog> over a list, so the admin keeps their place in it (a promo, a task).
// Escape, the ✕ and the form's Cancel all close it, except while the save is on its way.
export function FormDialog({
  testId,
  title,
  closeLabel,
  widthClassName,
  pending,
  onClose,
  children,
}: {
  testId: string;
  title: ReactNode;
  /** The ✕ button's accessible name. */
  closeLabel: string;
  /** How wide the box may grow from `sm` up (`sm:max-w-2xl`). */
  widthClassName: string;
  pending: boolean;
  onClose: () => void;
  /** The form; `close` is what its Cancel calls. */
  children: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const close = () => {
    if (!pending) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      data-testid={testId}
    >
      <div className={`modal-box max-h-[92dvh] w-full space-y-3 p-4 ${widthClassName} sm:p-6`}>
        <button
          type="button"
          className="btn btn-sm btn-circle btn-ghost absolute top-2 right-2"
          onClick={close}
          aria-label={closeLabel}
        >
          ✕
        </button>
        <h2 id={titleId} className="pr-8 text-lg font-semibold">
          {title}
        </h2>
        {children(close)}
      </div>
    </dialog>
  );
}
