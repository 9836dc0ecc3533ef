import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { InputField } from './field.tsx';

/** How many items a list shows at first, and how many more each 'Show more' adds. */
const LIST_STEP = 25;

interface ListWindowProps<T> {
  items: T[];
  /** The box that finds items by their words (shown once the list is longer than a step). */
  find: { label: string; text: (item: T) => string };
  children: (visible: T[]) => ReactNode;
}

/**
 * A long list a step at a time, with a box to find an item by its words. Years of a club's content
 * (thousands of photos or news items) otherwise put every card and every thumbnail on a
 * volunteer's phone at once: 5,000 photos were 45,000 elements and 5,000 image requests.
 */
export function ListWindow<T>({ items, find, children }: ListWindowProps<T>) {
  const [shown, setShown] = useState(LIST_STEP);
  const [query, setQuery] = useState('');
  // Typing stays quick while thousands of items are matched against the previous letters.
  const deferredQuery = useDeferredValue(query);
  const matching = useMemo(() => {
    const words = deferredQuery.toLocaleLowerCase('en-GB').split(/\s+/).filter(Boolean);
    if (words.length === 0) return items;
    return items.filter((item) => {
      const text = find.text(item).toLocaleLowerCase('en-GB');
      return words.every((word) => text.includes(word));
    });
  }, [items, deferredQuery, find]);
  const visible = matching.slice(0, shown);
  const count = (n: number) => n.toLocaleString('en-GB');
  return (
    <>
      {items.length > LIST_STEP && (
        <div className="mb-4 max-w-md">
          <InputField
            label={find.label}
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setShown(LIST_STEP);
            }}
          />
        </div>
      )}
      {matching.length === 0 ? <p className="text-slate-700">Nothing matches &ldquo;{deferredQuery.trim()}&rdquo;.</p> : children(visible)}
      {matching.length > visible.length && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => setShown((current) => current + LIST_STEP)}>
            Show more
          </Button>
          <p className="text-sm text-slate-600" role="status">
            Showing {count(visible.length)} of {count(matching.length)}.
          </p>
        </div>
      )}
    </>
  );
}
