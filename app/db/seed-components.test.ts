import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { specProblems } from "~/features/catalogue";
import { type Build, conflictsOf, partFromSpecs, type RuleCode, type SlotPart } from "~/features/pc-builder";
import { seedComponents } from "./seed-components";

// The dealer's starting figures for the power rule: 80 W for the board, drives and fans, and 30 % headroom.
const power = { baseDrawW: 80, headroomPercent: 30 };

const parts = seedComponents.map((component, index) => {
  const read = partFromSpecs({ id: index + 1, title: component.title }, component.specs);
  if ("missing" in read) throw new Error(`${component.title} lacks ${read.missing.join(", ")}`);
  return read;
});
type PartOf<S extends SlotPart["slot"]> = Extract<SlotPart, { slot: S }>["part"];
/** The seed's parts of one slot (the union narrows by slot, which filter cannot say). */
const inSlot = <S extends SlotPart["slot"]>(slot: S): PartOf<S>[] =>
  parts.flatMap((read) => (read.slot === slot ? [read.part as PartOf<S>] : []));
/** The seed's part whose title starts so. */
function named<S extends SlotPart["slot"]>(slot: S, start: string): PartOf<S> {
  const found = inSlot(slot).find((part) => part.name.startsWith(start));
  if (!found) throw new Error(`no ${slot} named ${start}`);
  return found;
}

describe("the seed's PC components", () => {
  it("are specified as the catalogue's definitions allow, each with a picture that exists", () => {
    for (const component of seedComponents) {
      expect(specProblems("Components", "new", component.specs), component.title).toEqual([]);
      expect(component.discountedPrice, component.title).toBeLessThanOrEqual(component.originalPrice);
      for (const image of component.images) {
        expect(existsSync(path.join("public", image.url)), image.url).toBe(true);
      }
    }
    expect(new Set(seedComponents.map((component) => component.title)).size).toBe(seedComponents.length);
  });

  it("cover every slot, Intel and AMD, DDR4 and DDR5", () => {
    expect(new Set(parts.map((read) => read.slot))).toEqual(
      new Set(["cpu", "cooler", "board", "ram", "storage", "gpu", "psu", "case"]),
    );
    const boards = inSlot("board");
    for (const socket of ["am4", "am5", "lga1700", "lga1851"]) {
      expect(
        boards.some((board) => board.spec.socket === socket),
        socket,
      ).toBe(true);
    }
    expect(new Set(boards.map((board) => board.spec.memoryType))).toEqual(new Set(["ddr4", "ddr5"]));
  });

  it("make at least 40 complete builds that break no rule", () => {
    const drive = { part: named("storage", "Samsung 980"), quantity: 1 };
    const card = named("gpu", "MSI GeForce RTX 4060");
    const fan = named("cooler", "Deepcool AK400");
    let working = 0;
    for (const cpu of inSlot("cpu"))
      for (const board of inSlot("board"))
        for (const ram of inSlot("ram"))
          for (const psu of inSlot("psu"))
            for (const cabinet of inSlot("case")) {
              const build: Build = {
                cpu,
                board,
                ram: { part: ram, quantity: 1 },
                storage: [drive],
                psu,
                case: cabinet,
                ...(cpu.spec.integratedGraphics ? {} : { gpu: card }),
                ...(cpu.spec.includesCooler ? {} : { cooler: fan }),
              };
              if (conflictsOf(build, power).length === 0) working++;
            }
    expect(working).toBeGreaterThanOrEqual(40);
  });

  it("offer at least 10 ways to go wrong, each told by its rule", () => {
    const base = (cpu: string, board: string, ram: string): Build => ({
      cpu: named("cpu", cpu),
      board: named("board", board),
      ram: { part: named("ram", ram), quantity: 1 },
      storage: [{ part: named("storage", "Samsung 980"), quantity: 1 }],
      psu: named("psu", "MSI MAG A750GL"),
      case: named("case", "Lian Li Lancool 216"),
    });
    const am5 = base("AMD Ryzen 5 7600", "MSI PRO B650M", "G.Skill Flare X5");
    const intel = base("Intel Core i5-12400 ", "Gigabyte B760M DS3H", "G.Skill Flare X5");
    const wrong: [RuleCode, Build][] = [
      ["board-socket", { ...am5, board: named("board", "MSI B550M") }],
      [
        "cooler-socket",
        {
          ...intel,
          cpu: named("cpu", "Intel Core Ultra 5"),
          board: named("board", "ASUS Prime B860M"),
          cooler: named("cooler", "Cooler Master Hyper 212"),
        },
      ],
      ["board-memory", { ...intel, ram: { part: named("ram", "Corsair Vengeance LPX"), quantity: 1 } }],
      [
        "memory-slots",
        {
          ...am5,
          board: named("board", "ASRock A620M"),
          ram: { part: named("ram", "G.Skill Flare X5"), quantity: 2 },
        },
      ],
      [
        "form-factor",
        { ...am5, board: named("board", "Gigabyte B650 Eagle"), case: named("case", "Deepcool CH370") },
      ],
      [
        "graphics-length",
        {
          ...am5,
          gpu: named("gpu", "Gigabyte GeForce RTX 4070 Super"),
          case: named("case", "Ant Esports ICE-112"),
        },
      ],
      [
        "cooler-height",
        { ...am5, cooler: named("cooler", "Noctua NH-D15"), case: named("case", "Ant Esports ICE-112") },
      ],
      [
        "m2-slots",
        {
          ...am5,
          board: named("board", "ASRock A620M"),
          storage: [{ part: named("storage", "Samsung 980"), quantity: 2 }],
        },
      ],
      [
        "sata-ports",
        {
          ...am5,
          board: named("board", "ASUS ROG Strix B650E-I"),
          case: named("case", "Cooler Master NR200P"),
          storage: [{ part: named("storage", "Crucial MX500"), quantity: 3 }],
        },
      ],
      [
        "supply-draw",
        {
          ...am5,
          cpu: named("cpu", "AMD Ryzen 9 7900X"),
          cooler: named("cooler", "Deepcool AK400"),
          gpu: named("gpu", "Sapphire Nitro+ Radeon RX 7800 XT"),
          psu: named("psu", "Deepcool PK650D"),
        },
      ],
      [
        "supply-recommended",
        { ...am5, gpu: named("gpu", "Gigabyte GeForce RTX 4070 Super"), psu: named("psu", "Corsair CV550") },
      ],
      ["needs-graphics", { ...am5, cpu: named("cpu", "AMD Ryzen 5 7500F") }],
      ["needs-cooler", { ...am5, cpu: named("cpu", "AMD Ryzen 7 7700X") }],
    ];
    expect(conflictsOf(am5, power)).toEqual([]);
    expect(conflictsOf(intel, power)).toEqual([]);
    for (const [rule, build] of wrong) {
      expect(
        conflictsOf(build, power).map((conflict) => conflict.rule),
        rule,
      ).toContain(rule);
    }
    expect(new Set(wrong.map(([rule]) => rule)).size).toBeGreaterThanOrEqual(10);
  });
});
