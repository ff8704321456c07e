import { useEffect, useRef, useState } from 'react';
import { m } from '../../paraglide/messages';

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
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value]);
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
          if (event.key === 'Enter') latest.current(text.trim());
        }}
      />
    </label>
  );
}
