import { useEffect, useRef, useState } from 'react';
import { m } from '#src/paraglide/messages.js';
import { dismissToast, type Toast, useToasts } from './toast-store';

const ALERT_CLASS: Record<Toast['kind'], string> = {
  success: 'alert-success',
  error: 'alert-error',
  info: 'alert-info',
};

// The seed's toast area: each toast auto-dismisses after its timeout; hovering (or focusing) it
// pauses the countdown, which resumes with the time that was left.
export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      aria-label={m.toast_region_label()}
      aria-live="polite"
      // On a phone, at the top under the header: at the bottom a toast covered the form's primary button
      // ("Upload and continue" right after joining a task) for its five seconds. On wider screens, bottom end.
      className="toast toast-top toast-center max-sm:top-[4.5rem] sm:toast-bottom sm:toast-end z-50 max-w-[calc(100vw-1rem)]"
    >
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </section>
  );
}

function ToastItem({ item }: { item: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(item.timeoutMs);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, item.id]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the timer; the dismiss button is the control
    <div
      role={item.kind === 'error' ? 'alert' : 'status'}
      className={`alert ${ALERT_CLASS[item.kind]} flex w-80 max-w-full items-start shadow-lg`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="toast"
    >
      <span className="flex-1 whitespace-normal break-words">{item.message}</span>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-label={m.toast_dismiss()}
        onClick={() => dismissToast(item.id)}
      >
        ✕
      </button>
    </div>
  );
}
