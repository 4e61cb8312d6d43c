import { useId } from 'react';
import '../../styles/search-box.css';

export interface SearchBoxProps {
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  label?: string;
}

/** A search input with a clear button; debouncing is the caller's (SPEC §5: 500 ms). */
export function SearchBox({ value, onChange, placeholder = 'Search', label = 'Search' }: SearchBoxProps) {
  const id = useId();
  return (
    <div className="search-box">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <svg
        className="search-box-icon"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="currentColor"
      >
        <path d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5zm-6 0A4.5 4.5 0 1 1 14 9.5 4.5 4.5 0 0 1 9.5 14z" />
      </svg>
      <input
        id={id}
        type="search"
        className="form-control form-control-sm"
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      {value && (
        <button type="button" className="search-box-clear" aria-label="Clear search" onClick={() => onChange('')}>
          ×
        </button>
      )}
    </div>
  );
}
