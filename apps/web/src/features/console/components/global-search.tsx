import type { GlobalSearchHit } from '@nzeta/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { FOLDER_LINKS } from '../../../config/folders';
import { paths } from '../../../config/paths';
import { useSearchEverywhere } from '../api/search-everywhere';
import { useSlashToFocus } from './use-slash-to-focus';

const isOrderId = (term: string) => /^\d{6,15}$/.test(term.trim());

/**
 * The header search (every role): id, name, e-mail, phone or passport across every folder the
 * member may open, each hit showing its folder. '/' focuses it; arrows move; Enter opens the
 * highlighted hit, or the order whose exact id was typed; Escape closes.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Debounced here rather than with the shared hook: sharing it split the folder screens' chunk.
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const search = useSearchEverywhere(debounced);
  const hits = debounced ? (search.data?.hits ?? []) : [];
  useSlashToFocus(inputRef);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer starts with nothing highlighted
  useEffect(() => setActive(-1), [debounced]);

  const open = (hit: Pick<GlobalSearchHit, 'order_id'>) => {
    setOpen(false);
    setTerm('');
    inputRef.current?.blur();
    navigate(paths.admin.viewOrder(hit.order_id));
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (hits.length ? (current + step + hits.length) % hits.length : -1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = hits[active];
      if (chosen) return open(chosen);
      // An exact order id opens straight away, even before the answer arrives.
      if (isOrderId(term)) return open({ order_id: Number(term.trim()) });
      const only = hits.length === 1 ? hits[0] : undefined;
      if (only) open(only);
    } else if (event.key === 'Escape') {
      setOpen(false);
      inputRef.current?.blur();
    }
  };

  const showPanel = isOpen && debounced.length > 0;
  return (
    <div className="global-search">
      <Icon name="search" size={16} className="global-search-icon" />
      <input
        ref={inputRef}
        type="search"
        className="global-search-input"
        placeholder="Search orders"
        aria-label="Search all orders by id, name, e-mail, phone or passport"
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      <span className="global-search-key" aria-hidden="true">
        /
      </span>
      {showPanel && (
        <div className="global-search-panel">
          <div id={listId} role="listbox" aria-label="Matching orders" className="global-search-list">
            {hits.map((hit, index) => (
              <SearchHit
                key={hit.order_id}
                id={`${listId}-${index}`}
                hit={hit}
                isActive={index === active}
                onOpen={() => open(hit)}
              />
            ))}
          </div>
          <div className="global-search-foot" aria-live="polite">
            {search.isFetching
              ? 'Searching…'
              : hits.length === 0
                ? 'No matching orders'
                : `${hits.length}${search.data?.more ? '+' : ''} matching · Enter opens`}
          </div>
        </div>
      )}
    </div>
  );
}

function SearchHit(props: { id: string; hit: GlobalSearchHit; isActive: boolean; onOpen(): void }) {
  const { hit } = props;
  const folder = FOLDER_LINKS[hit.folder];
  return (
    <div
      id={props.id}
      role="option"
      tabIndex={-1}
      aria-selected={props.isActive}
      className={`global-search-hit${props.isActive ? ' is-active' : ''}`}
      onMouseDown={(event) => {
        event.preventDefault();
        props.onOpen();
      }}
    >
      <span className="hit-id">{hit.order_id}</span>
      <span className="hit-main">
        <span className="hit-name">{hit.full_name || '-'}</span>
        <span className="hit-email">{hit.email || '-'}</span>
      </span>
      <span className="hit-meta">
        <span className="hit-folder">{folder?.label ?? hit.folder}</span>
        <span className="hit-status">{hit.status_label}</span>
      </span>
    </div>
  );
}
