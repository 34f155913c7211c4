import {
  type ActionFunctionArgs,
  json,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { formatRupees } from "~/lib/money";
import { readForm } from "~/lib/read-form.server";
import { shop } from "~/lib/shop";
import { choiceSchema, chooseOnHostedPage, loadHostedPage } from "~/simulators/phonepe/hosted-page.server";
import { requireSimulator } from "~/simulators/phonepe/settings.server";
import simulatorStyles from "~/styles/phonepe-simulator.css?url";

/*
 * The simulator's hosted payment page, standing in for PhonePe's: the shopper picks Success, Failure or Pending
 * with plain form posts (no JavaScript needed) and is sent back to the shop's redirectUrl, while the webhook
 * goes to the shop in the background; "Fail this attempt" keeps the order open and the shopper on this page to
 * pay again. Logic in app/simulators/phonepe/hosted-page.server.ts. Only in simulator mode; 404 otherwise.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: simulatorStyles }];

export const meta: MetaFunction = () => [
  { title: `PhonePe test simulator | ${shop.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const simulator = await requireSimulator();
  const page = await loadHostedPage(simulator, params.orderId ?? "");
  if (!page) throw new Response("Not Found", { status: 404 });
  return json(page, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const simulator = await requireSimulator();
  const form = await readForm(request, choiceSchema);
  const parsed = choiceSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return json(
      { error: parsed.error.issues[0]?.message ?? "Choose Success, Failure or Pending" },
      { status: 400 },
    );
  }
  const chosen = await chooseOnHostedPage(simulator, params.orderId ?? "", parsed.data);
  if (!chosen) throw new Response("Not Found", { status: 404 });
  // Only the attempt failed: back to this page to pay again, as on PhonePe's own page.
  return redirect(chosen.stay ? new URL(request.url).pathname : chosen.redirectTo, 303);
}

const STATE_TEXT = {
  PENDING: "Waiting for payment",
  COMPLETED: "Paid",
  FAILED: "Failed",
} as const;

export default function PhonePeSimulatorPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const open = page.state === "PENDING";
  return (
    <div className="container page simulator-page">
      <section className="simulator-card" aria-labelledby="simulator-heading">
        <p className="simulator-brand" aria-hidden="true">
          PhonePe
        </p>
        <h1 id="simulator-heading">PhonePe test simulator</h1>
        <p className="simulator-notice" role="note">
          <strong>PhonePe test simulator — no real money moves.</strong> This page stands in for PhonePe's
          payment page while the shop runs without PhonePe credentials.
        </p>

        <dl className="simulator-facts">
          <dt>Merchant</dt>
          <dd>{shop.name}</dd>
          <dt>Amount</dt>
          <dd className="simulator-amount" data-testid="simulator-amount">
            {formatRupees(page.amount)}
          </dd>
          <dt>Merchant order</dt>
          <dd>
            <code>{page.merchantOrderId}</code>
          </dd>
          <dt>PhonePe order</dt>
          <dd>
            <code>{page.orderId}</code>
          </dd>
          {page.message ? (
            <>
              <dt>Note</dt>
              <dd>{page.message}</dd>
            </>
          ) : null}
          <dt>Status</dt>
          <dd data-testid="simulator-state">
            {STATE_TEXT[page.state]}
            {open && page.attempted ? " (pending at the bank)" : ""}
            {open && page.attemptError ? ` (the last attempt failed: ${page.attemptError})` : ""}
            {page.state === "FAILED" && page.errorCode ? ` (${page.errorCode})` : ""}
          </dd>
        </dl>

        {actionData && "error" in actionData ? (
          <p className="form-error" role="alert">
            {actionData.error}
          </p>
        ) : null}

        {open ? (
          // A plain form, also with JavaScript on: leaving for the merchant's site is a full page load.
          <form method="post" className="simulator-form" aria-labelledby="simulator-choose-heading">
            <h2 id="simulator-choose-heading">Choose how this payment ends</h2>
            {page.attempted ? (
              <p className="simulator-hint">
                This payment is pending.{" "}
                {page.settleAt
                  ? `It completes by itself at ${new Date(page.settleAt).toLocaleTimeString("en-IN", { timeZone: "Asia/Kolkata" })} IST, or settle it now.`
                  : "Settle it now."}
              </p>
            ) : null}
            {page.attemptError ? (
              <p className="simulator-hint" role="status">
                Your last attempt failed ({page.attemptError}). Pay again, or{" "}
                <a href={page.redirectUrl}>go back to {shop.name}</a>.
              </p>
            ) : null}
            <div className="simulator-buttons">
              <button type="submit" name="outcome" value="success" className="simulator-success">
                Success
              </button>
              <button type="submit" name="outcome" value="failure" className="simulator-failure">
                Failure
              </button>
              <button type="submit" name="outcome" value="pending" className="simulator-pending">
                Pending
              </button>
              <button type="submit" name="outcome" value="failure-attempt" className="simulator-failure">
                Fail this attempt, keep the order open
              </button>
            </div>

            <fieldset className="simulator-options">
              <legend>Test options</legend>
              <FieldFrame id="simulator-webhook" label="Webhook to the shop">
                <select id="simulator-webhook" name="webhook" defaultValue="now">
                  <option value="now">Deliver at once</option>
                  <option value="late">Deliver after 5 seconds</option>
                  <option value="none">Do not deliver</option>
                </select>
              </FieldFrame>
              <div className="field simulator-check">
                <input id="simulator-twice" type="checkbox" name="twice" value="on" />
                <label htmlFor="simulator-twice">Deliver the webhook twice</label>
              </div>
              <FieldFrame id="simulator-settle" label="A pending payment completes by itself after">
                <select id="simulator-settle" name="settleAfter" defaultValue="30">
                  <option value="10">10 seconds</option>
                  <option value="30">30 seconds</option>
                  <option value="120">2 minutes</option>
                  <option value="never">Never (settle it on this page)</option>
                </select>
              </FieldFrame>
            </fieldset>
          </form>
        ) : (
          <p className="simulator-done">
            This payment has already ended.{" "}
            <a href={page.redirectUrl} className="button">
              Return to {shop.name}
            </a>
          </p>
        )}
      </section>
    </div>
  );
}
