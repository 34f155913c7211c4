import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { getDb } from "~/db/db.server";
import { RentalUnitForm, rentalAdminMessages } from "~/features/rentals";
import { listUnits, rentalProducts, rentalUnitSchema, saveUnit } from "~/features/rentals/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction = () => adminMeta("Rental units");

/** The register of rental machines, and the form that adds one. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const db = await getDb();
  const [units, products] = await Promise.all([listUnits(db), rentalProducts(db)]);
  return json({ units, products });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const submission = parseWithZod(await readForm(request, rentalUnitSchema), { schema: rentalUnitSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const saved = await saveUnit(
    await getDb(),
    { id: member.id, name: member.name },
    undefined,
    submission.value,
  );
  if (!saved.ok) return replyWithError(submission, saved.message, { status: 409, field: saved.field });
  return toasts().redirectWithSuccess(
    "/admin/rentals/units",
    rentalAdminMessages.unitSaved(submission.value.assetTag),
    { status: 303 },
  );
}

export default function RentalUnits() {
  const { units, products } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/admin/rentals">All rentals</Link>
      </p>
      <h1>Rental units</h1>
      {units.length > 0 ? (
        <table className="admin-table admin-list">
          <caption className="visually-hidden">Rental units by product and asset tag</caption>
          <thead>
            <tr>
              <th scope="col">Asset tag</th>
              <th scope="col">Product</th>
              <th scope="col">Serial number</th>
              <th scope="col">Grade</th>
              <th scope="col">Battery</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {units.map((unit) => (
              <tr key={unit.id}>
                <td data-label="Asset tag">
                  <Link to={`/admin/rentals/units/${unit.id}`}>{unit.assetTag}</Link>
                </td>
                <td data-label="Product">{unit.title}</td>
                <td data-label="Serial number">{unit.serialNumber}</td>
                <td data-label="Grade">{unit.grade}</td>
                <td data-label="Battery">
                  {unit.batteryHealth === null ? "None" : `${unit.batteryHealth}%`}
                </td>
                <td data-label="Status">
                  {unit.status}
                  {unit.booking ? (
                    <>
                      {" "}
                      on <Link to={`/admin/rentals/${unit.booking.id}`}>{unit.booking.reference}</Link>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>
          No unit is registered yet. Until a product has units here, its stock figure says how many can be
          booked.
        </p>
      )}
      <h2>Add a unit</h2>
      <RentalUnitForm
        products={products}
        defaults={{ grade: "A" }}
        lastResult={answer?.result}
        rented={undefined}
        submitLabel="Add unit"
      />
    </>
  );
}
