import { Form, useNavigate } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  effectiveSort,
  type StoreFilters as Filters,
  type ProductType,
  parseStoreFilters,
  productTypeLabels,
  SORTS,
  sortLabels,
  storeUrl,
  TAGS,
  tagLabels,
  toggleType,
} from "~/features/catalogue";
import { namesChangedSinceRender } from "~/lib/changed-before-hydration";
import { StoreLink } from "./StoreLink";

/** A facet's value with its count, whether chosen, and the link that adds it or takes it off. */
type LinkedValue = { code: string; label: string; count: number; selected: boolean; href: string };

/** A facet as the loader sends it: its values' links made on the server (the definitions stay there). */
type LinkedFacet = { key: string; label: string; values: LinkedValue[] };

/** The filter form's id: the sort control in the toolbar belongs to it through its `form` attribute. */
export const FILTER_FORM_ID = "store-filter-form";
/** The filter panel's id, which the "Filters" drawer's summary controls. */
export const FILTER_PANEL_ID = "store-filters";

/**
 * The store's side panel: categories as links, the product types and the specification facets as links with
 * their counts, then one GET form for price, tag and brand (each tag and
 * brand a radio in a chip: `.chips > label` in store.css, no class on each of the 25) and the sort, whose
 * select sits in the toolbar (SortControl) so a phone reaches it with the panel folded. Without JavaScript
 * the Apply button submits it; with JavaScript a change applies at once (prices on Apply or Enter).
 */
export function StoreFilters({
  filters,
  facets,
  types,
  specFacets,
}: {
  filters: Filters;
  facets: { categories: string[]; brands: string[] };
  /** The types in view with their counts, in their order. */
  types: { code: ProductType; count: number }[];
  specFacets: LinkedFacet[];
}) {
  const apply = useApplyFilters();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // A category, tag, brand or sort chosen while the scripts were loading applies now, as it would have then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const changed = namesChangedSinceRender(form);
    changed.delete("minPrice");
    changed.delete("maxPrice");
    if (changed.size > 0) apply(form);
  }, []);

  function applyChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    if (target.name === "minPrice" || target.name === "maxPrice") return;
    apply(event.currentTarget);
  }
  function applySubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  return (
    <aside className="store-filters" id={FILTER_PANEL_ID} aria-label="Filters">
      <section className="filter-card" aria-labelledby="shop-by-category">
        <h2 id="shop-by-category">Shop By Categories</h2>
        <ul className="category-list">
          <li>
            <StoreLink to="/product" aria-current={!filters.category ? "page" : undefined}>
              All
            </StoreLink>
          </li>
          {facets.categories.map((category) => (
            <li key={category}>
              <StoreLink
                to={storeUrl(filters, { category, specs: {}, page: 1 })}
                aria-current={filters.category === category ? "page" : undefined}
              >
                {category}
              </StoreLink>
            </li>
          ))}
        </ul>
      </section>
      {types.length > 0 ? (
        <section className="filter-card type-facet" aria-labelledby="type-facet">
          <h2 id="type-facet">Type</h2>
          <FacetValues
            values={types.map(({ code, count }) => ({
              code,
              label: productTypeLabels[code],
              count,
              selected: filters.types.includes(code),
              href: storeUrl(filters, { types: toggleType(filters.types, code), page: 1 }),
            }))}
          />
        </section>
      ) : null}
      {specFacets.length > 0 ? <SpecFacets facets={specFacets} /> : null}
      <Form
        ref={formRef}
        id={FILTER_FORM_ID}
        method="get"
        action="/product"
        discover="none"
        className="filter-card filter-form"
        onChange={applyChange}
        onSubmit={applySubmit}
      >
        <h2>Filter By</h2>
        {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
        {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
        {filters.types.map((type) => (
          <input key={type} type="hidden" name="type" value={type} />
        ))}
        {Object.entries(filters.specs).flatMap(([key, codes]) =>
          codes.map((code) => <input key={`${key}=${code}`} type="hidden" name={key} value={code} />),
        )}
        <input type="hidden" name="grid" value={filters.grid} />
        <fieldset>
          <legend>Price (Rs.)</legend>
          <div className="price-range">
            <label>
              From
              <input
                type="number"
                name="minPrice"
                min="0"
                inputMode="numeric"
                defaultValue={filters.minPrice}
              />
            </label>
            <label>
              To
              <input
                type="number"
                name="maxPrice"
                min="0"
                inputMode="numeric"
                defaultValue={filters.maxPrice}
              />
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend>Product Tags</legend>
          <div className="chips">
            <label>
              <input type="radio" name="tag" value="" defaultChecked={!filters.tag} /> Any
            </label>
            {TAGS.map((tag) => (
              <label key={tag}>
                <input type="radio" name="tag" value={tag} defaultChecked={filters.tag === tag} />
                {` ${tagLabels[tag]}`}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Brands</legend>
          <div className="chips">
            <label>
              <input type="radio" name="brand" value="" defaultChecked={!filters.brand} /> Any
            </label>
            {facets.brands.map((brand) => (
              <label key={brand}>
                <input type="radio" name="brand" value={brand} defaultChecked={filters.brand === brand} />
                {` ${brand}`}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="filter-actions">
          <button type="submit">Apply</button>
          <StoreLink to="/product" className="button button-secondary">
            Clear
          </StoreLink>
        </div>
        {hydrated ? <p className="hint">Price filters apply when you press Apply or Enter.</p> : null}
      </Form>
    </aside>
  );
}

/** The specification facets of the category in view, each with its values (FacetValues). */
function SpecFacets({ facets }: { facets: LinkedFacet[] }) {
  return (
    <section className="filter-card spec-facets" aria-labelledby="spec-facets-heading">
      <h2 id="spec-facets-heading">Specifications</h2>
      {facets.map((facet) => (
        <section key={facet.key} className="spec-facet" aria-labelledby={`facet-${facet.key}`}>
          <h3 id={`facet-${facet.key}`}>{facet.label}</h3>
          <FacetValues values={facet.values} />
        </section>
      ))}
    </section>
  );
}

/**
 * A facet's values: each a link that adds it to the filters or takes it off (one click, with or without
 * JavaScript), with the number of products it leads to given the other filters. A value with nothing behind
 * it shows greyed, not as a link.
 */
function FacetValues({ values }: { values: LinkedValue[] }) {
  return (
    <ul>
      {values.map((value) => {
        const text = (
          <>
            {value.label} <span className="facet-count">({value.count})</span>
          </>
        );
        return (
          <li key={value.code}>
            {value.count === 0 && !value.selected ? (
              <span className="facet-value" aria-disabled="true">
                {text}
              </span>
            ) : (
              <StoreLink
                className="facet-value"
                to={value.href}
                aria-current={value.selected ? "true" : undefined}
                rel="nofollow"
                preventScrollReset
              >
                {text}
              </StoreLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Sort By", in the toolbar above the products so it stays in reach on a phone with the filter panel folded.
 * The select belongs to the filter form (its `form` attribute), so Apply sends it with the filters and this
 * button sends the filters with it. With JavaScript a change applies at once and the button goes.
 */
export function SortControl({ filters }: { filters: Filters }) {
  const apply = useApplyFilters();
  const hydrated = useHydrated();
  const sort = effectiveSort(filters);
  return (
    <div className="sort-control">
      <label className="sort-label">
        Sort By
        <select
          name="sort"
          form={FILTER_FORM_ID}
          defaultValue={sort === "relevance" ? "" : sort}
          onChange={(event) => {
            const form = event.currentTarget.form;
            if (form) apply(form);
          }}
        >
          {filters.q ? <option value="">Relevance</option> : null}
          {SORTS.map((value) => (
            <option key={value} value={value}>
              {sortLabels[value]}
            </option>
          ))}
        </select>
      </label>
      {hydrated ? null : (
        <button type="submit" form={FILTER_FORM_ID} className="button-secondary sort-button">
          Sort
        </button>
      )}
    </div>
  );
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * With JavaScript a change applies at once, straight to the clean URL; without it the Apply (or Sort) button
 * submits the same GET form and the loader redirects to the clean URL.
 */
function useApplyFilters(): (form: HTMLFormElement) => void {
  const navigate = useNavigate();
  return (form) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === "string") params.append(key, value);
    navigate(storeUrl(parseStoreFilters(params)), { preventScrollReset: true });
  };
}
