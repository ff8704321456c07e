import { m } from '#src/paraglide/messages.js';

// The brand mark: the app icon's shape in the theme colour, then the app name.
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-semibold ${className}`}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#2D3CFE" />
        <path d="M10 23V9h7a4.5 4.5 0 0 1 0 9h-7m7 0 5 5" fill="none" stroke="#fff" strokeWidth="3" />
      </svg>
      <span>{m.app_name()}</span>
    </span>
  );
}
