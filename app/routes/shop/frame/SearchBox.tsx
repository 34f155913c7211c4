import { Form, useFetcher, useNavigate, useSearchParams } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { SearchIcon } from "~/components/icons";
import type { loader as suggestionsLoader } from "~/routes/search-suggestions";

/**
 * The header's product search. Without JavaScript it is a GET form to the store (?q=…). With it, it is an
 * ARIA combobox showing live suggestions; choosing one opens that product.
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof suggestionsLoader>();
  const navigate = useNavigate();
  const listId = useId();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => setHydrated(true), []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const suggestions = fetcher.data?.suggestions ?? [];
  const used = fetcher.data?.used ?? null;
  const expanded = hydrated && open && suggestions.length > 0;

  function onInput(value: string) {
    clearTimeout(timer.current);
    setActive(-1);
    setOpen(true);
    timer.current = setTimeout(() => {
      if (value.trim().length >= 2) fetcher.load(`/search-suggestions?q=${encodeURIComponent(value)}`);
    }, 120);
  }

  function choose(id: number) {
    setOpen(false);
    navigate(`/product/${id}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" && active >= 0) {
      const chosen = suggestions[active];
      if (chosen) {
        event.preventDefault();
        choose(chosen.id);
      }
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  }

  const comboboxProps = hydrated
    ? {
        role: "combobox" as const,
        "aria-expanded": expanded,
        "aria-controls": listId,
        "aria-autocomplete": "list" as const,
        "aria-activedescendant": expanded && active >= 0 ? `${listId}-${active}` : undefined,
      }
    : {};

  return (
    <Form method="get" action="/product" role="search" className="search-form">
      <label htmlFor="site-search" className="visually-hidden">
        Search for products
      </label>
      <div className="search-field">
        <input
          key={params.get("q") ?? ""}
          id="site-search"
          type="search"
          name="q"
          placeholder="Search for Products here"
          defaultValue={params.get("q") ?? ""}
          autoComplete="off"
          onChange={(event) => onInput(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onFocus={() => setOpen(true)}
          {...comboboxProps}
        />
        {hydrated ? (
          <div className="search-suggestions" hidden={!expanded}>
            {used ? (
              <p className="suggestion-corrected">
                Showing results for <strong>{used}</strong>
              </p>
            ) : null}
            <div
              id={listId}
              role="listbox"
              aria-label={used ? `Products for ${used}` : "Product suggestions"}
            >
              {suggestions.map((item, index) => (
                <div
                  key={item.id}
                  tabIndex={-1}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? "active" : undefined}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(item.id);
                  }}
                >
                  <span className="suggestion-title">{item.title}</span>
                  <span className="suggestion-meta">{item.brand}</span>
                </div>
              ))}
            </div>
          </div>
        ) : null}
      </div>
      <button type="submit" className="search-button" aria-label="Search">
        <SearchIcon />
      </button>
    </Form>
  );
}
