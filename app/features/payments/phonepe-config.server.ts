import { config, type PaymentMode } from "~/lib/config.server";
import { absoluteUrl } from "~/lib/urls";
import { createPhonePeClient, type PhonePeClient, PhonePeError } from "./phonepe-client.server";
import { sha256Hex } from "./phonepe-webhook.server";

/** Hosts from PhonePe's docs and its Node SDK (src/common/constants/BaseUrl.ts). */
export const PHONEPE_HOSTS = {
  sandbox: {
    authBaseUrl: "https://api-preprod.phonepe.com/apis/pg-sandbox",
    pgBaseUrl: "https://api-preprod.phonepe.com/apis/pg-sandbox",
  },
  production: {
    authBaseUrl: "https://api.phonepe.com/apis/identity-manager",
    pgBaseUrl: "https://api.phonepe.com/apis/pg",
  },
} as const;

/** Where the simulator lives below the shop's public URL. */
export const SIMULATOR_BASE_PATH = "/phonepe-simulator";
/** The shop's webhook endpoint (configure `${PUBLIC_URL}${PHONEPE_WEBHOOK_PATH}` on PhonePe's dashboard). */
export const PHONEPE_WEBHOOK_PATH = "/api/phonepe/webhook";

/** PhonePe's hosts for a mode; the simulator is the shop itself, under /phonepe-simulator. */
export function phonePeHosts(
  mode: PaymentMode,
  publicUrl: string,
): { authBaseUrl: string; pgBaseUrl: string } {
  if (mode === "simulator") {
    const base = absoluteUrl(publicUrl, SIMULATOR_BASE_PATH);
    return { authBaseUrl: base, pgBaseUrl: base };
  }
  return PHONEPE_HOSTS[mode];
}

declare global {
  // One client per process, so its cached token survives between requests (and dev rebuilds).
  var __phonePeClient: { key: string; client: PhonePeClient } | undefined;
}

/** The configured client (simulator, sandbox or production), made once per process. */
export function phonePeClientFromConfig(): PhonePeClient {
  const settings = config();
  const { mode, clientId, clientSecret, clientVersion } = settings.phonepe;
  if (!clientId || !clientSecret) {
    throw new PhonePeError("PhonePe is not configured (PHONEPE_CLIENT_ID and PHONEPE_CLIENT_SECRET)", {
      kind: "not-configured",
    });
  }
  const hosts = phonePeHosts(mode, settings.publicUrl);
  const key = [
    mode,
    hosts.authBaseUrl,
    hosts.pgBaseUrl,
    clientId,
    clientVersion,
    sha256Hex(clientSecret),
  ].join("|");
  if (globalThis.__phonePeClient?.key !== key) {
    globalThis.__phonePeClient = {
      key,
      client: createPhonePeClient({ ...hosts, clientId, clientSecret, clientVersion }),
    };
  }
  return globalThis.__phonePeClient.client;
}

/** The shop's webhook URL, to configure on PhonePe's dashboard (and where the simulator delivers). */
export function phonePeWebhookUrl(): string {
  return `${config().publicUrl}${PHONEPE_WEBHOOK_PATH}`;
}
