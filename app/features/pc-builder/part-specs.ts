import type { SpecValues } from "~/features/catalogue";
import type {
  BoardSpec,
  CabinetSpec,
  CoolerSpec,
  FormFactor,
  GraphicsSpec,
  MemorySpec,
  MemoryType,
  Part,
  ProcessorSpec,
  Slot,
  StorageSpec,
  SupplySpec,
} from "./parts";

/*
 * A component's part for the builder, read from its typed specification (the Components category's attributes,
 * decision 0047): which slot it fills, and the figures the rules of fit read. A component whose specification
 * lacks one of them is not offered in the builder, and the back office is told which.
 */

export type SlotPart =
  | { slot: "cpu"; part: Part<ProcessorSpec> }
  | { slot: "cooler"; part: Part<CoolerSpec> }
  | { slot: "board"; part: Part<BoardSpec> }
  | { slot: "ram"; part: Part<MemorySpec> }
  | { slot: "storage"; part: Part<StorageSpec> }
  | { slot: "gpu"; part: Part<GraphicsSpec> }
  | { slot: "psu"; part: Part<SupplySpec> }
  | { slot: "case"; part: Part<CabinetSpec> };

/** The slot each value of the `part` attribute fills. */
export const SLOT_OF_PART: Readonly<Record<string, Slot>> = {
  processor: "cpu",
  "cpu-cooler": "cooler",
  motherboard: "board",
  memory: "ram",
  storage: "storage",
  "graphics-card": "gpu",
  "power-supply": "psu",
  cabinet: "case",
};

const MEMORY_TYPES: readonly string[] = ["ddr4", "ddr5"] satisfies MemoryType[];
const FORM_FACTORS: readonly string[] = ["atx", "micro-atx", "mini-itx"] satisfies FormFactor[];

/** Reads values by kind, noting each attribute that is missing or not one the builder can use. */
function reader(values: SpecValues) {
  const missing: string[] = [];
  const number = (code: string): number => {
    const value = values[code];
    if (typeof value === "number") return value;
    missing.push(code);
    return 0;
  };
  const option = <T extends string>(code: string, allowed?: readonly string[]): T => {
    const value = values[code];
    if (typeof value === "string" && (!allowed || allowed.includes(value))) return value as T;
    missing.push(code);
    return "" as T;
  };
  const options = <T extends string>(code: string, allowed?: readonly string[]): T[] => {
    const value = values[code];
    if (Array.isArray(value) && value.length > 0) {
      const list: readonly string[] = value;
      if (!allowed || list.every((code) => allowed.includes(code))) return [...list] as T[];
    }
    missing.push(code);
    return [];
  };
  /** One option of a "choices" attribute that a processor or a board has exactly one of (its socket). */
  const single = (code: string): string => {
    const value = values[code];
    if (Array.isArray(value) && value.length === 1) return String(value[0]);
    missing.push(code);
    return "";
  };
  return { number, option, options, single, missing };
}

/** The part a component is, or the attributes it still needs (its `part` first when it has none). */
export function partFromSpecs(
  product: { id: number; title: string },
  values: SpecValues,
): SlotPart | { missing: string[] } {
  const { number, option, options, single, missing } = reader(values);
  const slot = SLOT_OF_PART[String(values.part)];
  if (!slot) return { missing: ["part"] };
  const named = <Spec>(spec: Spec): Part<Spec> => ({ id: product.id, name: product.title, spec });
  const read = ((): SlotPart => {
    switch (slot) {
      case "cpu":
        return {
          slot,
          part: named({
            socket: single("socket"),
            cores: number("cores"),
            basePowerW: number("cpu_power_w"),
            integratedGraphics: option("igpu") === "yes",
            includesCooler: option("cooler_in_box") === "yes",
            memoryTypes: options<MemoryType>("memory_support", MEMORY_TYPES),
          }),
        };
      case "cooler":
        return { slot, part: named({ sockets: options("socket"), heightMm: number("height_mm") }) };
      case "board":
        return {
          slot,
          part: named({
            socket: single("socket"),
            chipset: option("chipset"),
            formFactor: option<FormFactor>("board_form", FORM_FACTORS),
            memoryType: option<MemoryType>("ram_type", MEMORY_TYPES),
            memorySlots: number("memory_slots"),
            maxMemoryGb: number("max_memory_gb"),
            m2Slots: number("m2_slots"),
            sataPorts: number("sata_ports"),
          }),
        };
      case "ram":
        return {
          slot,
          part: named({
            memoryType: option<MemoryType>("ram_type", MEMORY_TYPES),
            moduleGb: number("module_gb"),
            modules: number("modules"),
            speedMts: number("speed_mts"),
          }),
        };
      case "storage":
        return {
          slot,
          part: named({
            interface: option<"nvme" | "sata">("drive_interface"),
            capacityGb: number("storage_gb"),
          }),
        };
      case "gpu":
        return {
          slot,
          part: named({
            lengthMm: number("length_mm"),
            boardPowerW: number("board_power_w"),
            recommendedPsuW: number("recommended_psu_w"),
          }),
        };
      case "psu":
        return { slot, part: named({ wattage: number("wattage_w"), efficiency: option("efficiency") }) };
      case "case":
        return {
          slot,
          part: named({
            formFactors: options<FormFactor>("board_forms", FORM_FACTORS),
            maxGpuLengthMm: number("max_gpu_mm"),
            maxCoolerHeightMm: number("max_cooler_mm"),
          }),
        };
    }
  })();
  return missing.length > 0 ? { missing } : read;
}
