import { type ReactNode, useEffect, useRef } from 'react';

const TONES = {
  plain: 'border-base-300',
  muted: 'border-base-300 bg-base-200/50',
  success: 'border-success/40 bg-success/10',
} as const;

// A plain card has a small heading; an outcome (the talent's answer, a withdrawal) has a large one that
// takes focus when `focus` turns true: the button the talent pressed is gone, so the outcome is read out.
type HeadingKind = { outcome?: false } | { outcome: true; focus: boolean };

/** A bordered card of the talent's link page, labelled by its heading; `id` is also its test id. */
export function LinkCard({
  id,
  tone,
  heading,
  children,
  ...kind
}: { id: string; tone: keyof typeof TONES; heading: ReactNode; children: ReactNode } & HeadingKind) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focus = kind.outcome === true && kind.focus;
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus]);
  return (
    <section
      className={`flex flex-col gap-3 rounded-box border ${TONES[tone]} p-4`}
      aria-labelledby={id}
      data-testid={id}
    >
      {kind.outcome ? (
        <h2 id={id} ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
          {heading}
        </h2>
      ) : (
        <h2 id={id} className="font-semibold">
          {heading}
        </h2>
      )}
      {children}
    </section>
  );
}
