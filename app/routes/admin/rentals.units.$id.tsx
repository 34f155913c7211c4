import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { getDb } from "~/db/db.server";
import { RentalUnitForm, rentalAdminMessages } from "~/features/rentals";
import { rentalProducts, rentalUnitSchema, saveUnit, unitForEdit } from "~/features/rentals/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Unit ${data.unit.assetTag}` : "Unit");

const notFound = () => json({ message: "There is no such rental unit." }, { status: 404 });

/** One unit of the register: its details to edit, and its history (bookings out and back, repairs). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const id = parseId(params.id);
  const db = await getDb();
  const found = id ? await unitForEdit(db, id) : undefined;
  if (!found) throw notFound();
  return json({ ...found, products: await rentalProducts(db) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  if (!id) throw notFound();
  const submission = parseWithZod(await readForm(request, rentalUnitSchema), { schema: rentalUnitSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const saved = await saveUnit(await getDb(), { id: member.id, name: member.name }, id, submission.value);
  if (!saved.ok) return replyWithError(submission, saved.message, { status: 409, field: saved.field });
  return toasts().redirectWithSuccess(
    `/admin/rentals/units/${id}`,
    rentalAdminMessages.unitSaved(submission.value.assetTag),
    { status: 303 },
  );
}

export default function RentalUnit() {
  const { unit, history, products } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/admin/rentals/units">All units</Link>
      </p>
      <h1>Unit {unit.assetTag}</h1>
      <RentalUnitForm
        products={products}
        defaults={{
          productId: String(unit.productId),
          serialNumber: unit.serialNumber,
          assetTag: unit.assetTag,
          configuration: unit.configuration,
          grade: unit.grade,
          batteryHealth: unit.batteryHealth === null ? "" : String(unit.batteryHealth),
          notes: unit.notes,
          status: unit.status,
        }}
        lastResult={answer?.result}
        rented={unit.status === "rented"}
        submitLabel="Save unit"
      />
      <h2>History</h2>
      <ol className="admin-history">
        {history.map((event) => (
          <li key={event.id}>
            {formatLongDate(event.at)}: {event.what}
            {event.booking ? ` (${event.booking})` : ""}, by {event.who}
            {event.note ? `: ${event.note}` : ""}
          </li>
        ))}
      </ol>
    </>
  );
}
