import { describe, expect, it } from "vitest";
import { type SpecValues, specProblems } from "~/features/catalogue";
import { conflictsOf } from "./fit";
import { partFromSpecs } from "./part-specs";
import type { Build } from "./parts";

const processor: SpecValues = {
  part: "processor",
  socket: ["am5"],
  cores: 6,
  cpu_power_w: 65,
  igpu: "yes",
  cooler_in_box: "yes",
  memory_support: ["ddr5"],
  warranty_months: 36,
};
const board: SpecValues = {
  part: "motherboard",
  socket: ["am5"],
  chipset: "b650",
  board_form: "micro-atx",
  ram_type: "ddr5",
  memory_slots: 4,
  max_memory_gb: 192,
  m2_slots: 2,
  sata_ports: 4,
};
const kit: SpecValues = { part: "memory", ram_type: "ddr4", module_gb: 8, modules: 2, speed_mts: 3200 };
const card: SpecValues = {
  part: "graphics-card",
  length_mm: 336,
  board_power_w: 200,
  recommended_psu_w: 650,
};
const cabinet: SpecValues = {
  part: "cabinet",
  board_forms: ["atx", "micro-atx"],
  max_gpu_mm: 320,
  max_cooler_mm: 160,
};

describe("a component's part, read from its specification", () => {
  it("takes values the catalogue's definitions accept for a component", () => {
    for (const values of [processor, board, kit, card, cabinet]) {
      expect(specProblems("Components", "new", values)).toEqual([]);
    }
  });

  it("gives each its slot and the figures the rules read", () => {
    expect(partFromSpecs({ id: 7, title: "AMD Ryzen 5 7600" }, processor)).toEqual({
      slot: "cpu",
      part: {
        id: 7,
        name: "AMD Ryzen 5 7600",
        spec: {
          socket: "am5",
          cores: 6,
          basePowerW: 65,
          integratedGraphics: true,
          includesCooler: true,
          memoryTypes: ["ddr5"],
        },
      },
    });
    expect(partFromSpecs({ id: 8, title: "MSI B650M" }, board)).toMatchObject({
      slot: "board",
      part: {
        spec: { socket: "am5", formFactor: "micro-atx", memoryType: "ddr5", memorySlots: 4, m2Slots: 2 },
      },
    });
    expect(partFromSpecs({ id: 9, title: "Cabinet" }, cabinet)).toMatchObject({
      slot: "case",
      part: { spec: { formFactors: ["atx", "micro-atx"], maxGpuLengthMm: 320 } },
    });
  });

  it("parts read from specifications meet the rules: a DDR4 kit on a DDR5 board, a 336 mm card in 320 mm", () => {
    const read = [
      partFromSpecs({ id: 1, title: "AMD Ryzen 5 7600" }, processor),
      partFromSpecs({ id: 2, title: "MSI B650M" }, board),
      partFromSpecs({ id: 3, title: "Corsair 16GB DDR4" }, kit),
      partFromSpecs({ id: 4, title: "RTX 4070" }, card),
      partFromSpecs({ id: 5, title: "Ant Esports ICE-120" }, cabinet),
    ];
    const build: Build = { storage: [] };
    for (const slotPart of read) {
      if ("missing" in slotPart) throw new Error(`missing ${slotPart.missing.join(", ")}`);
      if (slotPart.slot === "ram") build.ram = { part: slotPart.part, quantity: 1 };
      else if (slotPart.slot === "cpu") build.cpu = slotPart.part;
      else if (slotPart.slot === "board") build.board = slotPart.part;
      else if (slotPart.slot === "gpu") build.gpu = slotPart.part;
      else if (slotPart.slot === "case") build.case = slotPart.part;
    }
    expect(
      conflictsOf(build, { baseDrawW: 80, headroomPercent: 30 }).map((conflict) => conflict.rule),
    ).toEqual(["board-memory", "processor-memory", "graphics-length"]);
  });

  it("names what a component lacks for the builder, and offers nothing for it", () => {
    expect(partFromSpecs({ id: 1, title: "?" }, { cores: 6 })).toEqual({ missing: ["part"] });
    const { cpu_power_w: _, ...noPower } = processor;
    expect(partFromSpecs({ id: 1, title: "?" }, noPower)).toEqual({ missing: ["cpu_power_w"] });
    // A board has one socket; a laptop's memory type (LPDDR5) is not a kit's.
    expect(partFromSpecs({ id: 1, title: "?" }, { ...board, socket: ["am4", "am5"] })).toEqual({
      missing: ["socket"],
    });
    expect(partFromSpecs({ id: 1, title: "?" }, { ...kit, ram_type: "lpddr5" })).toEqual({
      missing: ["ram_type"],
    });
  });
});
