import type { MetaFunction } from "@remix-run/node";
import { Form, Link, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { useIsPending } from "~/components/forms/use-is-pending";
import { Toasts } from "~/components/layout/Toasts";
import { ZoneForm } from "~/features/delivery";
import type { action } from "./action.server";
import type { loader } from "./loader.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Zone: ${data.zone.name}` : "Delivery zone");

/** The data comes from loader.server.ts and the forms go to action.server.ts, so the page's JavaScript
 * leaves out what they need. */
export { action } from "./action.server";
export { loader } from "./loader.server";

/**
 * Read the zone again after every form, refused ones too (Remix skips that after a 4xx by default): a save
 * refused as stale then carries the zone's new version, so saving again knowingly replaces the other change.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" || defaultShouldRevalidate;

export default function EditZone() {
  const { zone, defaults, confirmDelete } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const deleting = useIsPending({ intent: "delete" });
  const here = `/admin/zones/${zone.id}`;
  const deleteRefused = answer?.intent === "delete" ? answer.message : null;
  return (
    <div className="admin-page">
      <Toasts toast={answer?.toast ?? null} />
      <p>
        <Link to="/admin/zones">← All delivery zones</Link>
      </p>
      <h1>{zone.name}</h1>
      <ZoneForm
        key={zone.version}
        lastResult={answer?.intent === "save" ? answer.result : undefined}
        defaults={defaults}
        intent="save"
        submitLabel="Save zone"
      >
        <input type="hidden" name="version" value={zone.version} />
      </ZoneForm>

      <section className="admin-section" id="delete-zone" aria-labelledby="delete-zone-heading">
        <h2 id="delete-zone-heading">Delete this zone</h2>
        {deleteRefused ? (
          <p className="form-error" role="alert">
            {deleteRefused}
          </p>
        ) : null}
        {confirmDelete ? (
          <Form method="post" action={here} className="stack-form">
            <p>
              Delete the zone “{zone.name}”? Its PIN codes go to the next zone that covers them, or are no
              longer delivered to. This cannot be undone (the audit trail keeps what it was).
            </p>
            <div className="form-actions">
              <button
                type="submit"
                name="intent"
                value="delete"
                className="button-danger"
                disabled={deleting}
              >
                Yes, delete “{zone.name}”
              </button>
              <Link to={here}>Keep it</Link>
            </div>
          </Form>
        ) : (
          <p>
            <Link to={`${here}?delete#delete-zone`}>Delete “{zone.name}”…</Link>
          </p>
        )}
      </section>
    </div>
  );
}
