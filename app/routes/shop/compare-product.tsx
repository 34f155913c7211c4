import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { getDb } from "~/db/db.server";
import { FALLBACK_IMAGE, Stars } from "~/features/catalogue";
import { productExists } from "~/features/catalogue/index.server";
import {
  addToCompare,
  type CompareChange,
  type CompareRow,
  compareTable,
  listMessages,
  ONLY_DIFFERENCES,
  onlyDifferencesAsked,
  removeFromCompare,
} from "~/features/lists";
import {
  compareListCookie,
  compareProducts,
  listChangeSchema,
  readCompareList,
} from "~/features/lists/index.server";
import { MAX_COMPARE } from "~/lib/limits";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { shop } from "~/lib/shop";
import { toasts } from "~/lib/toast.server";
import compareStyles from "~/styles/compare.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: compareStyles }];

export const meta: MetaFunction = () => [{ title: `Compare Products | ${shop.name}` }];

/** The compared products and the table's rows; `?diff=1` keeps only the rows where they differ. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ids = await readCompareList(request);
  const compared = await compareProducts(await getDb(), ids);
  const table = compareTable(compared, onlyDifferencesAsked(new URL(request.url).searchParams));
  // The rows are made here: the definitions and the formatting stay out of the page's JavaScript.
  const products = compared.map(({ id, title, image, totalRating, colours }) => ({
    id,
    title,
    image,
    totalRating,
    colours,
  }));
  return json({ products, ...table });
}

const outcomeMessage = {
  added: listMessages.compareAdded,
  already: listMessages.compareAlready,
  full: listMessages.compareFull(MAX_COMPARE),
  removed: listMessages.compareRemoved,
} as const;

/** Adds or removes a product in the compare cookie, then goes back where the shopper was. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request, listChangeSchema);
  const back = safeRedirect(form.get("redirectTo"), "/compare-product");
  const id = parseId(String(form.get("productId") ?? ""));
  if (id === undefined || !(await productExists(await getDb(), id))) {
    return toasts().redirectWithError(back, listMessages.productNotFound, { status: 303 });
  }
  const ids = await readCompareList(request);
  let change: CompareChange;
  switch (form.get("intent")) {
    case "add":
      change = addToCompare(ids, id);
      break;
    case "remove":
      change = removeFromCompare(ids, id);
      break;
    default:
      throw new Response("Unknown form", { status: 400 });
  }
  const headers = { "Set-Cookie": await compareListCookie(change.ids) };
  const message = outcomeMessage[change.outcome];
  return change.outcome === "full"
    ? toasts().redirectWithError(back, message, { status: 303, headers })
    : toasts().redirectWithSuccess(back, message, { status: 303, headers });
}

export default function Compare() {
  const { products, sections, onlyDifferences, canFilter } = useLoaderData<typeof loader>();
  const location = useLocation();
  const columns = products.length + 1;
  return (
    <div className="container page compare">
      <Breadcrumbs current="Compare Products" />
      <h1>Compare Products</h1>
      {products.length === 0 ? (
        <SampleComparison />
      ) : (
        <>
          {canFilter ? (
            <p className="compare-view">
              {onlyDifferences ? (
                <>
                  <span>{listMessages.compareOnlyDifferences}</span>{" "}
                  <Link to="/compare-product">Show all</Link>
                </>
              ) : (
                <Link to={`/compare-product?${ONLY_DIFFERENCES}`}>Show only differences</Link>
              )}
            </p>
          ) : null}
          {onlyDifferences && sections.length === 0 ? (
            <p className="empty-state">{listMessages.compareNoDifferences}</p>
          ) : null}
          <div className="compare-scroll">
            <table className="compare-table">
              <caption className="visually-hidden">Products you are comparing</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Feature</span>
                  </th>
                  {products.map((p) => (
                    <th scope="col" key={p.id}>
                      <img src={p.image ?? FALLBACK_IMAGE} alt="" width="120" height="120" />
                      <Link to={`/product/${p.id}`}>{p.title}</Link>
                      <Form method="post" className="compare-remove">
                        <input type="hidden" name="productId" value={p.id} />
                        <input
                          type="hidden"
                          name="redirectTo"
                          value={`${location.pathname}${location.search}`}
                        />
                        <button
                          type="submit"
                          name="intent"
                          value="remove"
                          className="button-small"
                          aria-label={`Remove ${p.title} from compare`}
                        >
                          Remove
                        </button>
                      </Form>
                    </th>
                  ))}
                </tr>
              </thead>
              {sections.map((section) => (
                <tbody key={section.heading ?? "facts"}>
                  {section.heading ? (
                    <tr className="compare-group">
                      <th scope="rowgroup" colSpan={columns}>
                        {section.heading}
                      </th>
                    </tr>
                  ) : null}
                  {section.rows.map((row) => (
                    <CompareTableRow key={row.key} row={row} products={products} />
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        </>
      )}
    </div>
  );
}

type ComparedColumn = SerializeFrom<typeof loader>["products"][number];

/** A row, marked in words as well as by colour when its values differ. Rating and colours are drawn. */
function CompareTableRow({ row, products }: { row: CompareRow; products: ComparedColumn[] }) {
  return (
    <tr className={row.differs ? "differs" : undefined}>
      <th scope="row">
        {row.label}
        {row.differs ? (
          <>
            {" "}
            <span className="differs-mark">Differs</span>
          </>
        ) : null}
      </th>
      {products.map((p, index) => (
        <td key={p.id}>
          {row.key === "rating" ? (
            <Stars rating={p.totalRating} />
          ) : row.key === "colours" ? (
            <ul className="swatches">
              {p.colours.map((c) => (
                <li key={c.id}>
                  <span className="swatch" style={{ background: c.value }} aria-hidden="true" />
                  {c.name}
                </li>
              ))}
            </ul>
          ) : (
            row.values[index]
          )}
        </td>
      ))}
    </tr>
  );
}

/** The rules' static mock-up of two identical sample products, shown while nothing is being compared. */
function SampleComparison() {
  const sample = {
    title: "Sample Laptop 15.6 inch FHD, Intel Core i5, 8 GB RAM, 512 GB SSD",
    price: "Rs. 45,000",
    brand: "Sample Brand",
    type: "Laptop",
    availability: "In Stock",
    color: "Black, Silver",
    size: "15.6 inch",
  };
  return (
    <section aria-labelledby="compare-empty">
      <p id="compare-empty" className="empty-state">
        You have not picked any products to compare yet. Use “Add to compare” on a product, then come back
        here. This is what a comparison looks like:
      </p>
      <div className="compare-samples">
        {[1, 2].map((n) => (
          <article className="compare-sample" key={n} aria-label={`Sample product ${n}`}>
            <img src={FALLBACK_IMAGE} alt="" width="200" height="200" />
            <h2>{sample.title}</h2>
            <p className="offer-price">{sample.price}</p>
            <dl>
              <dt>Brand:</dt>
              <dd>{sample.brand}</dd>
              <dt>Type:</dt>
              <dd>{sample.type}</dd>
              <dt>Availability:</dt>
              <dd>{sample.availability}</dd>
              <dt>Color:</dt>
              <dd>{sample.color}</dd>
              <dt>Size:</dt>
              <dd>{sample.size}</dd>
            </dl>
          </article>
        ))}
      </div>
    </section>
  );
}
