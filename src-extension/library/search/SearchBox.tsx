import { forwardRef } from 'react';
import { SearchIcon } from '../ui/icons';

interface SearchBoxProps {
  value: string;
  onChange(value: string): void;
}

/** Smart Search's box: results follow each keystroke; `/` comes here from anywhere on the page. */
export const SearchBox = forwardRef<HTMLInputElement, SearchBoxProps>(function SearchBox(
  { value, onChange },
  ref,
) {
  return (
    <form role="search" className="lib-search" onSubmit={(e) => e.preventDefault()}>
      <SearchIcon />
      <label htmlFor="library-search" className="lib-sr">
        Search saved posts
      </label>
      <input
        ref={ref}
        id="library-search"
        type="search"
        className="lib-search__input"
        placeholder="Search text, authors and tags  ( / )"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </form>
  );
});
