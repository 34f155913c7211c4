/*
 * A PC build: the parts a shopper chooses, each with the specification the rules of fit read (fit.ts). The
 * numbers are in the units their names say; option codes are the catalogue's own (lower case).
 */

/** The builder's rows, in the order a shopper fills them; each is also the build's URL key. */
export const SLOTS = ["cpu", "cooler", "board", "ram", "storage", "gpu", "psu", "case"] as const;
export type Slot = (typeof SLOTS)[number];

export type MemoryType = "ddr4" | "ddr5";
export type FormFactor = "atx" | "micro-atx" | "mini-itx";
export type StorageInterface = "nvme" | "sata";

export type ProcessorSpec = {
  socket: string;
  cores: number;
  basePowerW: number;
  integratedGraphics: boolean;
  /** Whether a cooler comes in the processor's box. */
  includesCooler: boolean;
  memoryTypes: MemoryType[];
};
export type BoardSpec = {
  socket: string;
  chipset: string;
  formFactor: FormFactor;
  memoryType: MemoryType;
  memorySlots: number;
  maxMemoryGb: number;
  m2Slots: number;
  sataPorts: number;
};
export type MemorySpec = { memoryType: MemoryType; moduleGb: number; modules: number; speedMts: number };
export type StorageSpec = { interface: StorageInterface; capacityGb: number };
export type GraphicsSpec = { lengthMm: number; boardPowerW: number; recommendedPsuW: number };
export type SupplySpec = { wattage: number; efficiency: string };
export type CabinetSpec = { formFactors: FormFactor[]; maxGpuLengthMm: number; maxCoolerHeightMm: number };
export type CoolerSpec = { sockets: string[]; heightMm: number };

/** A product chosen for a slot: its id, the name the messages use, and its specification. */
export type Part<Spec> = { id: number; name: string; spec: Spec };
/** A part taken more than once (memory kits, drives): a whole number, at least 1 (the build's reader refuses others). */
export type Counted<Spec> = { part: Part<Spec>; quantity: number };

export type Build = {
  cpu?: Part<ProcessorSpec>;
  cooler?: Part<CoolerSpec>;
  board?: Part<BoardSpec>;
  ram?: Counted<MemorySpec>;
  storage: Counted<StorageSpec>[];
  gpu?: Part<GraphicsSpec>;
  psu?: Part<SupplySpec>;
  case?: Part<CabinetSpec>;
};

/** What the dealer sets for the power rule: the draw of everything but the processor and graphics card, and the headroom. */
export type PowerSettings = { baseDrawW: number; headroomPercent: number };

export const EMPTY_BUILD: Build = { storage: [] };
