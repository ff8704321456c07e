import { useEffect, useRef, useState } from 'react';
import { m } from '#src/paraglide/messages.js';

type SearchBoxProps = {
  id: string;
  value: string;
  /** Called 300 ms after typing stops (or at once on Enter), with the trimmed text. */
  onSearch: (text: string) => void;
  label?: string;
};

// The seed's search field ('Search...'): debounced, so each keystroke does not become a request and a
// history entry; the URL (the caller's search params) stays the source of truth.
export function SearchBox({ id, value, onSearch, label = m.list_search_label() }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    timer.current = setTimeout(() => latest.current(text.trim()), 300);
    return () => clearTimeout(timer.current);
  }, [text, value]);
  // Leaving the field sends what was typed now: a search still waiting must not fire later, after a
  // click on a result has started another navigation, and take the user back to the list.
  const flush = () => {
    if (text.trim() === value.trim()) return;
    clearTimeout(timer.current);
    latest.current(text.trim());
  };
  return (
    <label className="input input-sm w-full sm:w-64" htmlFor={id}>
      <span className="sr-only">{label}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 opacity-60" fill="none" stroke="currentColor">
        <circle cx="11" cy="11" r="7" strokeWidth="2" />
        <path d="m20 20-3.5-3.5" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        placeholder={m.search_placeholder()}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') flush();
        }}
        onBlur={flush}
      />
    </label>
  );
}
