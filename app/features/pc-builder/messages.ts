import type { FormFactor, MemoryType } from "./parts";

/* What a shopper is told when parts do not fit (fit.ts): one sentence each, naming the parts and the numbers. */

const MEMORY_LABELS: Record<MemoryType, string> = { ddr4: "DDR4", ddr5: "DDR5" };
const FORM_FACTOR_LABELS: Record<FormFactor, string> = {
  atx: "ATX",
  "micro-atx": "Micro-ATX",
  "mini-itx": "Mini-ITX",
};

export const memoryLabel = (type: MemoryType) => MEMORY_LABELS[type];
export const formFactorLabel = (form: FormFactor) => FORM_FACTOR_LABELS[form];
const list = (items: string[]) => items.join(", ");
/** "1 M.2 slot", "2 M.2 slots". */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const socketLabel = (socket: string) => socket.toUpperCase();

export const fitMessages = {
  boardSocket: (board: string, boardSocket: string, cpu: string, cpuSocket: string) =>
    `The ${board} takes ${socketLabel(boardSocket)} processors; the ${cpu} is ${socketLabel(cpuSocket)}.`,
  coolerSocket: (cooler: string, sockets: string[], cpu: string, cpuSocket: string) =>
    `The ${cooler} fits ${list(sockets.map(socketLabel))} sockets; the ${cpu} is ${socketLabel(cpuSocket)}.`,
  boardMemory: (board: string, boardType: MemoryType, ram: string, ramType: MemoryType) =>
    `The ${board} takes ${memoryLabel(boardType)} memory; the ${ram} is ${memoryLabel(ramType)}.`,
  processorMemory: (cpu: string, types: MemoryType[], ram: string, ramType: MemoryType) =>
    `The ${cpu} supports ${list(types.map(memoryLabel))} memory; the ${ram} is ${memoryLabel(ramType)}.`,
  memorySlots: (board: string, slots: number, modules: number) =>
    `The ${board} has ${count(slots, "memory slot")}; this build has ${count(modules, "module")}.`,
  memorySize: (board: string, maxGb: number, totalGb: number) =>
    `The ${board} takes up to ${maxGb} GB of memory; this build has ${totalGb} GB.`,
  formFactor: (cabinet: string, forms: FormFactor[], board: string, form: FormFactor) =>
    `The ${cabinet} takes ${list(forms.map(formFactorLabel))} motherboards; the ${board} is ${formFactorLabel(form)}.`,
  graphicsLength: (maxMm: number, gpu: string, lengthMm: number) =>
    `This cabinet takes graphics cards up to ${maxMm} mm; the ${gpu} is ${lengthMm} mm.`,
  coolerHeight: (maxMm: number, cooler: string, heightMm: number) =>
    `This cabinet takes coolers up to ${maxMm} mm tall; the ${cooler} is ${heightMm} mm.`,
  m2Slots: (board: string, slots: number, drives: number) =>
    `The ${board} has ${count(slots, "M.2 slot")}; this build has ${count(drives, "NVMe drive")}.`,
  sataPorts: (board: string, ports: number, drives: number) =>
    `The ${board} has ${count(ports, "SATA port")}; this build has ${count(drives, "SATA drive")}.`,
  needsGraphics: (cpu: string) => `The ${cpu} has no integrated graphics: choose a graphics card.`,
  needsCooler: (cpu: string) => `The ${cpu} comes without a cooler: choose a CPU cooler.`,
  supplyDraw: (drawW: number, neededW: number, psu: string, wattage: number) =>
    `This build draws about ${drawW} W; with headroom it needs a ${neededW} W power supply, and the ${psu} gives ${wattage} W.`,
  supplyRecommended: (gpu: string, recommendedW: number, psu: string, wattage: number) =>
    `The ${gpu} needs a power supply of at least ${recommendedW} W; the ${psu} gives ${wattage} W.`,
} as const;
