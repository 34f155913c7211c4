import { fitMessages as say } from "./messages";
import type { Build, MemorySpec, Part, PowerSettings, Slot } from "./parts";

/*
 * The rules of fit, as data: each names the slots it reads and says what is wrong, or null. One table for
 * everything that checks a build (the builder page, and as they are built the cart, checkout, the order and the
 * API: decision 0047), so they can never disagree. "fit" rules compare parts with each other and decide which candidates are shown; "needs" rules ask
 * for a part the build still lacks, so they do not hide a candidate (a processor without graphics still fits
 * before a graphics card is chosen).
 */

export type RuleCode =
  | "board-socket"
  | "cooler-socket"
  | "board-memory"
  | "processor-memory"
  | "memory-slots"
  | "memory-size"
  | "form-factor"
  | "graphics-length"
  | "cooler-height"
  | "m2-slots"
  | "sata-ports"
  | "supply-draw"
  | "supply-recommended"
  | "needs-graphics"
  | "needs-cooler";

type Rule = {
  code: RuleCode;
  kind: "fit" | "needs";
  slots: readonly Slot[];
  /** Slots it reads when they are filled, beyond those it needs filled. */
  alsoReads?: readonly Slot[];
  /** What is wrong with the build, or null; called only when every slot it reads is filled (needs: see each). */
  check: (build: Build, power: PowerSettings) => string | null;
};

export type Conflict = { rule: RuleCode; slots: readonly Slot[]; message: string };

/** The processor's and graphics card's power and everything else's, in watts. */
export function estimatedDrawW(build: Build, power: PowerSettings): number {
  return (build.cpu?.spec.basePowerW ?? 0) + (build.gpu?.spec.boardPowerW ?? 0) + power.baseDrawW;
}

/** The draw with the dealer's headroom, rounded up to the watt. */
const drawWithHeadroomW = (build: Build, power: PowerSettings) =>
  Math.ceil((estimatedDrawW(build, power) * (100 + power.headroomPercent)) / 100);

/** The smallest supply for the build: its draw with the headroom, and at least the card's advice. */
export function neededSupplyW(build: Build, power: PowerSettings): number {
  return Math.max(drawWithHeadroomW(build, power), build.gpu?.spec.recommendedPsuW ?? 0);
}

function memoryOf(build: Build): Part<MemorySpec> {
  if (!build.ram) throw new Error("a rule read the empty slot ram");
  return build.ram.part;
}

const memoryModules = (build: Build) => (build.ram ? build.ram.part.spec.modules * build.ram.quantity : 0);
const memoryGb = (build: Build) => (build.ram ? memoryModules(build) * build.ram.part.spec.moduleGb : 0);
const drives = (build: Build, kind: "nvme" | "sata") =>
  build.storage.reduce((sum, drive) => sum + (drive.part.spec.interface === kind ? drive.quantity : 0), 0);

/** `build[slot]` for the rules below, whose slots are all filled when they are called. */
function the<S extends Exclude<Slot, "ram" | "storage">>(build: Build, slot: S): NonNullable<Build[S]> {
  const part = build[slot];
  if (!part) throw new Error(`a rule read the empty slot ${slot}`);
  return part as NonNullable<Build[S]>;
}

export const FIT_RULES: readonly Rule[] = [
  {
    code: "board-socket",
    kind: "fit",
    slots: ["cpu", "board"],
    check: (build) => {
      const [cpu, board] = [the(build, "cpu"), the(build, "board")];
      return cpu.spec.socket === board.spec.socket
        ? null
        : say.boardSocket(board.name, board.spec.socket, cpu.name, cpu.spec.socket);
    },
  },
  {
    // The processor's socket, or the board's before a processor is chosen.
    code: "cooler-socket",
    kind: "fit",
    slots: ["cooler"],
    alsoReads: ["cpu", "board"],
    check: (build) => {
      const cooler = the(build, "cooler");
      const holder = build.cpu ?? build.board;
      if (!holder || cooler.spec.sockets.includes(holder.spec.socket)) return null;
      return say.coolerSocket(cooler.name, cooler.spec.sockets, holder.name, holder.spec.socket);
    },
  },
  {
    code: "board-memory",
    kind: "fit",
    slots: ["board", "ram"],
    check: (build) => {
      const board = the(build, "board");
      const ram = memoryOf(build);
      return ram.spec.memoryType === board.spec.memoryType
        ? null
        : say.boardMemory(board.name, board.spec.memoryType, ram.name, ram.spec.memoryType);
    },
  },
  {
    code: "processor-memory",
    kind: "fit",
    slots: ["cpu", "ram"],
    check: (build) => {
      const cpu = the(build, "cpu");
      const ram = memoryOf(build);
      return cpu.spec.memoryTypes.includes(ram.spec.memoryType)
        ? null
        : say.processorMemory(cpu.name, cpu.spec.memoryTypes, ram.name, ram.spec.memoryType);
    },
  },
  {
    code: "memory-slots",
    kind: "fit",
    slots: ["board", "ram"],
    check: (build) => {
      const board = the(build, "board");
      const modules = memoryModules(build);
      return modules <= board.spec.memorySlots
        ? null
        : say.memorySlots(board.name, board.spec.memorySlots, modules);
    },
  },
  {
    code: "memory-size",
    kind: "fit",
    slots: ["board", "ram"],
    check: (build) => {
      const board = the(build, "board");
      const total = memoryGb(build);
      return total <= board.spec.maxMemoryGb
        ? null
        : say.memorySize(board.name, board.spec.maxMemoryGb, total);
    },
  },
  {
    code: "form-factor",
    kind: "fit",
    slots: ["board", "case"],
    check: (build) => {
      const [board, cabinet] = [the(build, "board"), the(build, "case")];
      return cabinet.spec.formFactors.includes(board.spec.formFactor)
        ? null
        : say.formFactor(cabinet.name, cabinet.spec.formFactors, board.name, board.spec.formFactor);
    },
  },
  {
    code: "graphics-length",
    kind: "fit",
    slots: ["gpu", "case"],
    check: (build) => {
      const [gpu, cabinet] = [the(build, "gpu"), the(build, "case")];
      return gpu.spec.lengthMm <= cabinet.spec.maxGpuLengthMm
        ? null
        : say.graphicsLength(cabinet.spec.maxGpuLengthMm, gpu.name, gpu.spec.lengthMm);
    },
  },
  {
    code: "cooler-height",
    kind: "fit",
    slots: ["cooler", "case"],
    check: (build) => {
      const [cooler, cabinet] = [the(build, "cooler"), the(build, "case")];
      return cooler.spec.heightMm <= cabinet.spec.maxCoolerHeightMm
        ? null
        : say.coolerHeight(cabinet.spec.maxCoolerHeightMm, cooler.name, cooler.spec.heightMm);
    },
  },
  {
    code: "m2-slots",
    kind: "fit",
    slots: ["board", "storage"],
    check: (build) => {
      const board = the(build, "board");
      const nvme = drives(build, "nvme");
      return nvme <= board.spec.m2Slots ? null : say.m2Slots(board.name, board.spec.m2Slots, nvme);
    },
  },
  {
    code: "sata-ports",
    kind: "fit",
    slots: ["board", "storage"],
    check: (build) => {
      const board = the(build, "board");
      const sata = drives(build, "sata");
      return sata <= board.spec.sataPorts ? null : say.sataPorts(board.name, board.spec.sataPorts, sata);
    },
  },
  {
    // Read once a supply is chosen: the processor and the card count when they are there.
    code: "supply-draw",
    kind: "fit",
    slots: ["psu"],
    alsoReads: ["cpu", "gpu"],
    check: (build, power) => {
      const psu = the(build, "psu");
      const needed = drawWithHeadroomW(build, power);
      return psu.spec.wattage >= needed
        ? null
        : say.supplyDraw(estimatedDrawW(build, power), needed, psu.name, psu.spec.wattage);
    },
  },
  {
    code: "supply-recommended",
    kind: "fit",
    slots: ["gpu", "psu"],
    check: (build) => {
      const [gpu, psu] = [the(build, "gpu"), the(build, "psu")];
      return psu.spec.wattage >= gpu.spec.recommendedPsuW
        ? null
        : say.supplyRecommended(gpu.name, gpu.spec.recommendedPsuW, psu.name, psu.spec.wattage);
    },
  },
  {
    // A processor without graphics asks for a card: read with the processor alone, so it holds until one is chosen.
    code: "needs-graphics",
    kind: "needs",
    slots: ["cpu"],
    check: (build) => {
      const cpu = the(build, "cpu");
      return cpu.spec.integratedGraphics || build.gpu ? null : say.needsGraphics(cpu.name);
    },
  },
  {
    code: "needs-cooler",
    kind: "needs",
    slots: ["cpu"],
    check: (build) => {
      const cpu = the(build, "cpu");
      return cpu.spec.includesCooler || build.cooler ? null : say.needsCooler(cpu.name);
    },
  },
];

function filled(build: Build, slot: Slot): boolean {
  if (slot === "storage") return build.storage.length > 0;
  return build[slot] !== undefined;
}

function broken(build: Build, power: PowerSettings, rules: readonly Rule[]): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const rule of rules) {
    if (!rule.slots.every((slot) => filled(build, slot))) continue;
    const message = rule.check(build, power);
    if (message) conflicts.push({ rule: rule.code, slots: rule.slots, message });
  }
  return conflicts;
}

/** Every rule the build breaks, in the table's order: parts that do not fit, then parts it still needs. */
export function conflictsOf(build: Build, power: PowerSettings): Conflict[] {
  return broken(build, power, FIT_RULES);
}

/**
 * Why the part in a slot does not fit the rest of the build (empty: it fits): the "fit" rules that read the
 * slot. The builder asks it of each candidate, put in the slot of the build chosen so far.
 */
export function misfitsOf(build: Build, slot: Slot, power: PowerSettings): Conflict[] {
  const reads = (rule: Rule) => rule.slots.includes(slot) || (rule.alsoReads ?? []).includes(slot);
  return broken(
    build,
    power,
    FIT_RULES.filter((rule) => rule.kind === "fit" && reads(rule)),
  );
}
