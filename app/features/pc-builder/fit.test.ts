import { describe, expect, it } from "vitest";
import { conflictsOf, estimatedDrawW, FIT_RULES, misfitsOf, neededSupplyW, type RuleCode } from "./fit";
import type {
  BoardSpec,
  Build,
  CabinetSpec,
  CoolerSpec,
  GraphicsSpec,
  MemorySpec,
  Part,
  ProcessorSpec,
  StorageSpec,
  SupplySpec,
} from "./parts";

// Every number here is written out, so each rule is checked against figures, not against the code's own sums.
const power = { baseDrawW: 80, headroomPercent: 30 };

let nextId = 1;
const part = <Spec>(name: string, spec: Spec): Part<Spec> => ({ id: nextId++, name, spec });

const ryzen = part<ProcessorSpec>("Ryzen 5 7600", {
  socket: "am5",
  cores: 6,
  basePowerW: 65,
  integratedGraphics: true,
  includesCooler: true,
  memoryTypes: ["ddr5"],
});
const ryzenNoGraphics = part<ProcessorSpec>("Ryzen 7 7800X3D", {
  socket: "am5",
  cores: 8,
  basePowerW: 120,
  integratedGraphics: false,
  includesCooler: false,
  memoryTypes: ["ddr5"],
});
const intel = part<ProcessorSpec>("Core i5-12400", {
  socket: "lga1700",
  cores: 6,
  basePowerW: 65,
  integratedGraphics: true,
  includesCooler: true,
  memoryTypes: ["ddr4", "ddr5"],
});
const b650 = part<BoardSpec>("MSI B650M", {
  socket: "am5",
  chipset: "b650",
  formFactor: "micro-atx",
  memoryType: "ddr5",
  memorySlots: 4,
  maxMemoryGb: 128,
  m2Slots: 2,
  sataPorts: 4,
});
const itx = part<BoardSpec>("Asus B650I", {
  socket: "am5",
  chipset: "b650",
  formFactor: "mini-itx",
  memoryType: "ddr5",
  memorySlots: 2,
  maxMemoryGb: 64,
  m2Slots: 1,
  sataPorts: 2,
});
const ddr5Kit = part<MemorySpec>("Kingston Fury 32GB (2x16GB) DDR5", {
  memoryType: "ddr5",
  moduleGb: 16,
  modules: 2,
  speedMts: 6000,
});
const ddr4Kit = part<MemorySpec>("Corsair Vengeance 16GB (2x8GB) DDR4", {
  memoryType: "ddr4",
  moduleGb: 8,
  modules: 2,
  speedMts: 3200,
});
const nvme = part<StorageSpec>("WD SN770 1TB", { interface: "nvme", capacityGb: 1000 });
const sata = part<StorageSpec>("Crucial MX500 1TB", { interface: "sata", capacityGb: 1000 });
const rtx4070 = part<GraphicsSpec>("RTX 4070", { lengthMm: 336, boardPowerW: 200, recommendedPsuW: 650 });
const rtx4060 = part<GraphicsSpec>("RTX 4060", { lengthMm: 240, boardPowerW: 115, recommendedPsuW: 550 });
const psu550 = part<SupplySpec>("Corsair CX550", { wattage: 550, efficiency: "bronze" });
const psu750 = part<SupplySpec>("Corsair RM750e", { wattage: 750, efficiency: "gold" });
const cabinet = part<CabinetSpec>("Ant Esports ICE-120", {
  formFactors: ["atx", "micro-atx"],
  maxGpuLengthMm: 320,
  maxCoolerHeightMm: 160,
});
const tower = part<CabinetSpec>("Lian Li Lancool 216", {
  formFactors: ["atx", "micro-atx", "mini-itx"],
  maxGpuLengthMm: 392,
  maxCoolerHeightMm: 180,
});
const amdCooler = part<CoolerSpec>("DeepCool AK400", { sockets: ["am4", "am5", "lga1700"], heightMm: 155 });
const tallCooler = part<CoolerSpec>("Noctua NH-D15", { sockets: ["am4", "am5", "lga1700"], heightMm: 165 });
const intelCooler = part<CoolerSpec>("Intel Laminar RM1", { sockets: ["lga1700"], heightMm: 50 });

/** A complete build that breaks no rule; each test changes one thing. */
const good: Build = {
  cpu: ryzen,
  board: b650,
  ram: { part: ddr5Kit, quantity: 1 },
  storage: [{ part: nvme, quantity: 1 }],
  gpu: rtx4060,
  psu: psu550,
  case: cabinet,
};

const rulesBroken = (build: Build) => conflictsOf(build, power).map((conflict) => conflict.rule);
const messageOf = (build: Build, rule: RuleCode) =>
  conflictsOf(build, power).find((conflict) => conflict.rule === rule)?.message;

describe("the rules of fit", () => {
  it("pass a build whose parts fit", () => {
    expect(rulesBroken(good)).toEqual([]);
  });

  it("processor and motherboard share a socket", () => {
    expect(rulesBroken({ ...good, cpu: intel })).toEqual(["board-socket"]);
    expect(messageOf({ ...good, cpu: intel }, "board-socket")).toBe(
      "The MSI B650M takes AM5 processors; the Core i5-12400 is LGA1700.",
    );
  });

  it("the cooler takes the processor's socket", () => {
    expect(rulesBroken({ ...good, cooler: amdCooler })).toEqual([]);
    expect(rulesBroken({ ...good, cooler: intelCooler })).toEqual(["cooler-socket"]);
    expect(messageOf({ ...good, cooler: intelCooler }, "cooler-socket")).toBe(
      "The Intel Laminar RM1 fits LGA1700 sockets; the Ryzen 5 7600 is AM5.",
    );
  });

  it("the memory kit is the board's type", () => {
    const ddr4 = { ...good, ram: { part: ddr4Kit, quantity: 1 } };
    expect(rulesBroken(ddr4)).toContain("board-memory");
    expect(messageOf(ddr4, "board-memory")).toBe(
      "The MSI B650M takes DDR5 memory; the Corsair Vengeance 16GB (2x8GB) DDR4 is DDR4.",
    );
  });

  it("the memory kit is a type the processor supports", () => {
    const ddr4Board = part<BoardSpec>("Gigabyte B650 DDR4 (made up)", { ...b650.spec, memoryType: "ddr4" });
    const build = { ...good, board: ddr4Board, ram: { part: ddr4Kit, quantity: 1 } };
    expect(rulesBroken(build)).toEqual(["processor-memory"]);
    expect(messageOf(build, "processor-memory")).toBe(
      "The Ryzen 5 7600 supports DDR5 memory; the Corsair Vengeance 16GB (2x8GB) DDR4 is DDR4.",
    );
    expect(
      rulesBroken({
        ...build,
        cpu: intel,
        board: { ...ddr4Board, spec: { ...ddr4Board.spec, socket: "lga1700" } },
      }),
    ).toEqual([]);
  });

  it("no more modules than the board's slots: two kits of two in four slots, not in two", () => {
    expect(rulesBroken({ ...good, ram: { part: ddr5Kit, quantity: 2 } })).toEqual([]);
    const small = { ...good, board: itx, case: tower, storage: [], ram: { part: ddr5Kit, quantity: 2 } };
    expect(rulesBroken(small)).toEqual(["memory-slots"]);
    expect(messageOf(small, "memory-slots")).toBe(
      "The Asus B650I has 2 memory slots; this build has 4 modules.",
    );
  });

  it("no more memory than the board takes: 128 GB in a 128 GB board, not 192 GB", () => {
    const big = part<MemorySpec>("G.Skill 96GB (2x48GB) DDR5", {
      memoryType: "ddr5",
      moduleGb: 48,
      modules: 2,
      speedMts: 5600,
    });
    const fits = part<MemorySpec>("Crucial 64GB (2x32GB) DDR5", {
      memoryType: "ddr5",
      moduleGb: 32,
      modules: 2,
      speedMts: 5600,
    });
    expect(rulesBroken({ ...good, ram: { part: fits, quantity: 2 } })).toEqual([]);
    const over = { ...good, ram: { part: big, quantity: 2 } };
    expect(rulesBroken(over)).toEqual(["memory-size"]);
    expect(messageOf(over, "memory-size")).toBe(
      "The MSI B650M takes up to 128 GB of memory; this build has 192 GB.",
    );
  });

  it("the cabinet takes the board's form factor", () => {
    const build = { ...good, board: itx };
    expect(rulesBroken(build)).toEqual(["form-factor"]);
    expect(messageOf(build, "form-factor")).toBe(
      "The Ant Esports ICE-120 takes ATX, Micro-ATX motherboards; the Asus B650I is Mini-ITX.",
    );
    expect(rulesBroken({ ...build, case: tower })).toEqual([]);
  });

  it("the graphics card is no longer than the cabinet takes: 336 mm in a 320 mm cabinet is refused", () => {
    const build = { ...good, gpu: rtx4070, psu: psu750 };
    expect(rulesBroken(build)).toEqual(["graphics-length"]);
    expect(messageOf(build, "graphics-length")).toBe(
      "This cabinet takes graphics cards up to 320 mm; the RTX 4070 is 336 mm.",
    );
    expect(rulesBroken({ ...build, case: tower })).toEqual([]);
    const justFits = part<GraphicsSpec>("RX 7600 (320 mm)", {
      lengthMm: 320,
      boardPowerW: 165,
      recommendedPsuW: 550,
    });
    expect(rulesBroken({ ...good, gpu: justFits })).toEqual([]);
  });

  it("the cooler is no taller than the cabinet takes: 155 mm under 160 mm, 165 mm not", () => {
    expect(rulesBroken({ ...good, cooler: amdCooler })).toEqual([]);
    const build = { ...good, cooler: tallCooler };
    expect(rulesBroken(build)).toEqual(["cooler-height"]);
    expect(messageOf(build, "cooler-height")).toBe(
      "This cabinet takes coolers up to 160 mm tall; the Noctua NH-D15 is 165 mm.",
    );
  });

  it("an NVMe drive needs a free M.2 slot: two in two slots, three not", () => {
    expect(rulesBroken({ ...good, storage: [{ part: nvme, quantity: 2 }] })).toEqual([]);
    const build = {
      ...good,
      storage: [
        { part: nvme, quantity: 2 },
        { part: nvme, quantity: 1 },
      ],
    };
    expect(rulesBroken(build)).toEqual(["m2-slots"]);
    expect(messageOf(build, "m2-slots")).toBe("The MSI B650M has 2 M.2 slots; this build has 3 NVMe drives.");
    const oneSlot = { ...build, board: itx, case: tower, storage: [{ part: nvme, quantity: 2 }] };
    expect(messageOf(oneSlot, "m2-slots")).toBe(
      "The Asus B650I has 1 M.2 slot; this build has 2 NVMe drives.",
    );
  });

  it("a SATA drive needs a SATA port: four on four ports, five not", () => {
    expect(rulesBroken({ ...good, storage: [{ part: sata, quantity: 4 }] })).toEqual([]);
    const build = { ...good, storage: [{ part: sata, quantity: 5 }] };
    expect(rulesBroken(build)).toEqual(["sata-ports"]);
    expect(messageOf(build, "sata-ports")).toBe(
      "The MSI B650M has 4 SATA ports; this build has 5 SATA drives.",
    );
  });

  it("a processor without integrated graphics needs a graphics card", () => {
    const build = { ...good, cpu: ryzenNoGraphics, cooler: amdCooler, gpu: undefined };
    expect(rulesBroken(build)).toEqual(["needs-graphics"]);
    expect(messageOf(build, "needs-graphics")).toBe(
      "The Ryzen 7 7800X3D has no integrated graphics: choose a graphics card.",
    );
    expect(rulesBroken({ ...build, gpu: rtx4060 })).toEqual([]);
    expect(rulesBroken({ ...good, gpu: undefined })).toEqual([]);
  });

  it("a processor sold without a cooler needs one", () => {
    const build = { ...good, cpu: ryzenNoGraphics };
    expect(rulesBroken(build)).toEqual(["needs-cooler"]);
    expect(messageOf(build, "needs-cooler")).toBe(
      "The Ryzen 7 7800X3D comes without a cooler: choose a CPU cooler.",
    );
    expect(rulesBroken({ ...build, cooler: amdCooler })).toEqual([]);
  });

  it("the supply covers the draw with the dealer's headroom", () => {
    // 65 W + 115 W + 80 W = 260 W; with 30 % headroom 338 W: a 550 W supply is enough.
    expect(estimatedDrawW(good, power)).toBe(260);
    expect(neededSupplyW(good, power)).toBe(550);
    // 120 W + 200 W + 80 W = 400 W; with 30 % headroom 520 W; a 500 W supply is not enough.
    const psu500 = part<SupplySpec>("Antec 500W", { wattage: 500, efficiency: "bronze" });
    const hungry = {
      ...good,
      cpu: ryzenNoGraphics,
      cooler: amdCooler,
      gpu: rtx4070,
      case: tower,
      psu: psu500,
    };
    expect(estimatedDrawW(hungry, power)).toBe(400);
    expect(rulesBroken(hungry)).toEqual(["supply-draw", "supply-recommended"]);
    expect(messageOf(hungry, "supply-draw")).toBe(
      "This build draws about 400 W; with headroom it needs a 520 W power supply, and the Antec 500W gives 500 W.",
    );
    // The dealer's margin is what counts: with 10 % the same build needs 440 W.
    expect(conflictsOf(hungry, { baseDrawW: 80, headroomPercent: 10 }).map((c) => c.rule)).toEqual([
      "supply-recommended",
    ]);
  });

  it("the supply gives at least what the graphics card asks for", () => {
    // 65 + 200 + 80 = 345 W, 449 W with headroom: 550 W covers the draw, but the RTX 4070 asks for 650 W.
    const build = { ...good, gpu: rtx4070, case: tower };
    expect(rulesBroken(build)).toEqual(["supply-recommended"]);
    expect(messageOf(build, "supply-recommended")).toBe(
      "The RTX 4070 needs a power supply of at least 650 W; the Corsair CX550 gives 550 W.",
    );
    expect(neededSupplyW(build, power)).toBe(650);
    expect(rulesBroken({ ...build, psu: psu750 })).toEqual([]);
  });

  it("reads only the parts chosen: an empty build and a processor alone break nothing they can know", () => {
    expect(rulesBroken({ storage: [] })).toEqual([]);
    expect(rulesBroken({ storage: [], cpu: ryzen })).toEqual([]);
    expect(rulesBroken({ storage: [], cpu: ryzenNoGraphics })).toEqual(["needs-graphics", "needs-cooler"]);
  });

  it("has one rule per code", () => {
    const codes = FIT_RULES.map((rule) => rule.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe("which candidates fit", () => {
  const chosen: Build = { storage: [], cpu: ryzen, case: cabinet };

  it("a board fits when its socket and form factor do, and a 336 mm card does not fit a 320 mm cabinet", () => {
    expect(misfitsOf({ ...chosen, board: b650 }, "board", power)).toEqual([]);
    expect(misfitsOf({ ...chosen, board: itx }, "board", power).map((c) => c.rule)).toEqual(["form-factor"]);
    expect(misfitsOf({ ...chosen, gpu: rtx4060 }, "gpu", power)).toEqual([]);
    expect(misfitsOf({ ...chosen, gpu: rtx4070 }, "gpu", power).map((c) => c.message)).toEqual([
      "This cabinet takes graphics cards up to 320 mm; the RTX 4070 is 336 mm.",
    ]);
  });

  it("a cooler is offered by the board's socket before a processor is chosen", () => {
    expect(misfitsOf({ storage: [], board: b650, cooler: amdCooler }, "cooler", power)).toEqual([]);
    expect(
      misfitsOf({ storage: [], board: b650, cooler: intelCooler }, "cooler", power).map((c) => c.message),
    ).toEqual(["The Intel Laminar RM1 fits LGA1700 sockets; the MSI B650M is AM5."]);
  });

  it("a processor without graphics still fits before a card is chosen", () => {
    expect(misfitsOf({ storage: [], board: b650, cpu: ryzenNoGraphics }, "cpu", power)).toEqual([]);
  });

  it("a card that pushes the draw past the chosen supply does not fit, though the supply's rule is the supply's", () => {
    const withSupply: Build = {
      storage: [],
      cpu: ryzenNoGraphics,
      psu: part<SupplySpec>("Antec 450W", { wattage: 450, efficiency: "bronze" }),
    };
    // 120 + 115 + 80 = 315 W, 410 W with headroom: fits 450 W; the RTX 4060 asks for 550 W, so it does not.
    expect(misfitsOf({ ...withSupply, gpu: rtx4060 }, "gpu", power).map((c) => c.rule)).toEqual([
      "supply-recommended",
    ]);
    // 120 + 200 + 80 = 400 W, 520 W with headroom: over 450 W.
    expect(misfitsOf({ ...withSupply, gpu: rtx4070 }, "gpu", power).map((c) => c.rule)).toEqual([
      "supply-draw",
      "supply-recommended",
    ]);
  });
});
