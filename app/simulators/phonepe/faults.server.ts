/*
 * Fault switches, set by tests through the admin endpoint: the next N calls of one API answer 429, 500, slowly
 * or with malformed JSON; order webhooks without merchantOrderId; the next N refunds fail. Kept in this process's
 * memory (not in the database): with several instances a switch holds on the instance that was told.
 */

export const SIMULATOR_APIS = ["token", "pay", "status", "refund", "refundStatus"] as const;
export type SimulatorApi = (typeof SIMULATOR_APIS)[number];

export const API_FAULTS = ["429", "500", "slow", "malformed"] as const;
export type ApiFaultKind = (typeof API_FAULTS)[number];

export type ApiFault = { kind: ApiFaultKind; delayMs: number };

type Switches = {
  api: Map<SimulatorApi, ApiFault[]>;
  webhooksWithoutMerchantOrderId: boolean;
  refundsToFail: number;
  /** merchantRefundIds that were accepted while a refund fault was on: they end FAILED. */
  failingRefunds: Set<string>;
};

const switches: Switches = {
  api: new Map(),
  webhooksWithoutMerchantOrderId: false,
  refundsToFail: 0,
  failingRefunds: new Set(),
};

/** Queues the same fault for the next `times` calls of an API (after any already queued). */
export function addApiFault(api: SimulatorApi, kind: ApiFaultKind, times: number, delayMs: number): void {
  const queue = switches.api.get(api) ?? [];
  for (let i = 0; i < times; i += 1) queue.push({ kind, delayMs });
  switches.api.set(api, queue);
}

/** The fault for this call of the API, used up; undefined when none is queued. */
export function takeApiFault(api: SimulatorApi): ApiFault | undefined {
  return switches.api.get(api)?.shift();
}

export function setWebhooksWithoutMerchantOrderId(on: boolean): void {
  switches.webhooksWithoutMerchantOrderId = on;
}

export function webhooksWithoutMerchantOrderId(): boolean {
  return switches.webhooksWithoutMerchantOrderId;
}

export function failNextRefunds(times: number): void {
  switches.refundsToFail = times;
}

/** Called once per new refund: true (and remembered) when it is to fail. */
export function claimRefundFailure(merchantRefundId: string): boolean {
  if (switches.refundsToFail <= 0) return false;
  switches.refundsToFail -= 1;
  switches.failingRefunds.add(merchantRefundId);
  return true;
}

export function refundFails(merchantRefundId: string): boolean {
  return switches.failingRefunds.has(merchantRefundId);
}

export function clearFaults(): void {
  switches.api.clear();
  switches.webhooksWithoutMerchantOrderId = false;
  switches.refundsToFail = 0;
}

/** What is switched on, for GET /phonepe-simulator/admin/faults. */
export function faultsView(): Record<string, unknown> {
  return {
    api: Object.fromEntries(
      [...switches.api.entries()].filter(([, queue]) => queue.length > 0).map(([api, queue]) => [api, queue]),
    ),
    webhooksWithoutMerchantOrderId: switches.webhooksWithoutMerchantOrderId,
    refundsToFail: switches.refundsToFail,
  };
}
