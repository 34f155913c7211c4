import type { SpecValues } from "~/features/catalogue";
import { type FormFactor, formFactorLabel } from "~/features/pc-builder";
import type { SeedProduct } from "./seed-data";

/*
 * The seed's PC components (issue 49, decision 0047): processors, motherboards, memory, drives, graphics cards,
 * power supplies, cabinets and coolers for AMD (AM4 with DDR4, AM5 with DDR5) and Intel (LGA1700 with either,
 * LGA1851 with DDR5) builds, at street prices in Bengaluru. The figures are the makers' published ones, rounded
 * where they give a range. Each is an ordinary product whose specification the builder reads
 * (seed-components.test.ts checks that each reads as a part, and counts the builds that work and the ways to go
 * wrong). Listed before the seed's other products (older `daysAgo`), so the store's first page stays theirs.
 */

export type SeedComponent = Omit<SeedProduct, "category" | "specs"> & {
  category: "Components";
  specs: SpecValues;
};

/** Rupees: the MRP and the offer price; then the units in stock. */
type Stock = [mrp: number, offer: number, quantity: number];
/** What each kind of part writes of itself: its picture (a file in public/images/products), text and figures. */
type Listing = { image: string; description: string; specs: SpecValues };

let age = 100;
function component(
  title: string,
  brand: string,
  [mrp, offer, quantity]: Stock,
  listing: Listing,
): SeedComponent {
  age += 1;
  return {
    title,
    description: listing.description,
    brand,
    category: "Components",
    productType: "new",
    tags: [],
    images: [{ url: `/images/products/${listing.image}.svg`, alt: title }],
    originalPrice: mrp * 100,
    discountedPrice: offer * 100,
    quantity,
    sold: 0,
    totalRating: 0,
    colours: [],
    daysAgo: age,
    specs: { warranty_months: 36, ...listing.specs },
  };
}

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}</li>`).join("")}</ul>`;

function processor(
  title: string,
  brand: string,
  stock: Stock,
  spec: {
    socket: string;
    cores: number;
    watts: number;
    graphics: boolean;
    cooler: boolean;
    memory: string[];
  },
): SeedComponent {
  return component(title, brand, stock, {
    image: "processor",
    description: `<p>A ${spec.cores}-core desktop processor for ${spec.socket.toUpperCase()} motherboards.</p>${list(
      [
        `${spec.watts} W base power`,
        spec.graphics
          ? "Integrated graphics: runs a monitor without a graphics card"
          : "No integrated graphics: needs a graphics card",
        spec.cooler ? "Boxed with a cooler" : "Sold without a cooler: add a CPU cooler",
        `Memory: ${spec.memory.map((type) => type.toUpperCase()).join(" or ")}`,
      ],
    )}`,
    specs: {
      part: "processor",
      socket: [spec.socket],
      cores: spec.cores,
      cpu_power_w: spec.watts,
      igpu: spec.graphics ? "yes" : "no",
      cooler_in_box: spec.cooler ? "yes" : "no",
      memory_support: spec.memory,
    },
  });
}

function motherboard(
  title: string,
  brand: string,
  stock: Stock,
  spec: {
    socket: string;
    chipset: string;
    form: string;
    memory: string;
    slots: number;
    maxGb: number;
    m2: number;
    sata: number;
  },
): SeedComponent {
  return component(title, brand, stock, {
    image: "motherboard",
    description: `<p>A ${spec.chipset.toUpperCase()} motherboard for ${spec.socket.toUpperCase()} processors.</p>${list(
      [
        `Memory: ${spec.memory.toUpperCase()}, ${spec.slots} slots, up to ${spec.maxGb} GB`,
        `${spec.m2} M.2 NVMe slots and ${spec.sata} SATA ports`,
      ],
    )}`,
    specs: {
      part: "motherboard",
      socket: [spec.socket],
      chipset: spec.chipset,
      board_form: spec.form,
      ram_type: spec.memory,
      memory_slots: spec.slots,
      max_memory_gb: spec.maxGb,
      m2_slots: spec.m2,
      sata_ports: spec.sata,
    },
  });
}

function memory(
  title: string,
  brand: string,
  stock: Stock,
  spec: { type: string; moduleGb: number; modules: number; speed: number },
): SeedComponent {
  return component(title, brand, stock, {
    image: "memory",
    description: `<p>${spec.modules} × ${spec.moduleGb} GB ${spec.type.toUpperCase()} at ${spec.speed} MT/s, for desktop motherboards.</p>`,
    specs: {
      part: "memory",
      ram_type: spec.type,
      module_gb: spec.moduleGb,
      modules: spec.modules,
      speed_mts: spec.speed,
      warranty_months: 60,
    },
  });
}

function drive(
  title: string,
  brand: string,
  stock: Stock,
  spec: { interface: "nvme" | "sata"; gb: number },
  image = spec.interface === "nvme" ? "ssd" : "hdd-internal",
): SeedComponent {
  return component(title, brand, stock, {
    image,
    description: `<p>${spec.gb >= 1000 ? `${spec.gb / 1000} TB` : `${spec.gb} GB`} of storage on ${spec.interface === "nvme" ? "an M.2 NVMe slot" : "a SATA port"}.</p>`,
    specs: { part: "storage", drive_interface: spec.interface, storage_gb: spec.gb, warranty_months: 60 },
  });
}

function graphicsCard(
  title: string,
  brand: string,
  stock: Stock,
  spec: { lengthMm: number; watts: number; supplyW: number },
): SeedComponent {
  return component(title, brand, stock, {
    image: "graphics-card",
    description: `<p>A desktop graphics card.</p>${list([
      `${spec.lengthMm} mm long: check the cabinet's largest card`,
      `${spec.watts} W board power; a ${spec.supplyW} W power supply or larger`,
    ])}`,
    specs: {
      part: "graphics-card",
      length_mm: spec.lengthMm,
      board_power_w: spec.watts,
      recommended_psu_w: spec.supplyW,
    },
  });
}

function powerSupply(
  title: string,
  brand: string,
  stock: Stock,
  spec: { watts: number; efficiency: string },
): SeedComponent {
  return component(title, brand, stock, {
    image: "power-supply",
    description: `<p>A ${spec.watts} W ATX power supply (SMPS).</p>`,
    specs: { part: "power-supply", wattage_w: spec.watts, efficiency: spec.efficiency, warranty_months: 60 },
  });
}

function cabinet(
  title: string,
  brand: string,
  stock: Stock,
  spec: { forms: FormFactor[]; gpuMm: number; coolerMm: number },
): SeedComponent {
  return component(title, brand, stock, {
    image: "desktop-tower",
    description: `<p>A PC cabinet.</p>${list([
      `Takes ${spec.forms.map(formFactorLabel).join(", ")} motherboards`,
      `Graphics cards up to ${spec.gpuMm} mm, CPU coolers up to ${spec.coolerMm} mm tall`,
    ])}`,
    specs: {
      part: "cabinet",
      board_forms: spec.forms,
      max_gpu_mm: spec.gpuMm,
      max_cooler_mm: spec.coolerMm,
      warranty_months: 12,
    },
  });
}

function cooler(
  title: string,
  brand: string,
  stock: Stock,
  spec: { sockets: string[]; heightMm: number },
): SeedComponent {
  return component(title, brand, stock, {
    image: "cpu-cooler",
    description: `<p>A tower CPU cooler, ${spec.heightMm} mm tall, for ${spec.sockets.map((socket) => socket.toUpperCase()).join(", ")}.</p>`,
    specs: { part: "cpu-cooler", socket: spec.sockets, height_mm: spec.heightMm, warranty_months: 24 },
  });
}

const BOTH_MEMORIES = ["ddr4", "ddr5"];

export const seedComponents: SeedComponent[] = [
  // Processors
  processor("AMD Ryzen 5 7600 Desktop Processor (6 cores, AM5)", "AMD", [21_500, 18_999, 12], {
    socket: "am5",
    cores: 6,
    watts: 65,
    graphics: true,
    cooler: true,
    memory: ["ddr5"],
  }),
  processor("AMD Ryzen 5 7500F Desktop Processor (6 cores, AM5, no graphics)", "AMD", [16_999, 14_499, 8], {
    socket: "am5",
    cores: 6,
    watts: 65,
    graphics: false,
    cooler: true,
    memory: ["ddr5"],
  }),
  processor("AMD Ryzen 7 7700X Desktop Processor (8 cores, AM5)", "AMD", [32_999, 27_999, 6], {
    socket: "am5",
    cores: 8,
    watts: 105,
    graphics: true,
    cooler: false,
    memory: ["ddr5"],
  }),
  processor("AMD Ryzen 9 7900X Desktop Processor (12 cores, AM5)", "AMD", [44_999, 36_999, 3], {
    socket: "am5",
    cores: 12,
    watts: 170,
    graphics: true,
    cooler: false,
    memory: ["ddr5"],
  }),
  processor("AMD Ryzen 5 5600 Desktop Processor (6 cores, AM4)", "AMD", [12_999, 9_999, 15], {
    socket: "am4",
    cores: 6,
    watts: 65,
    graphics: false,
    cooler: true,
    memory: ["ddr4"],
  }),
  processor(
    "AMD Ryzen 5 5600G Desktop Processor with Radeon Graphics (6 cores, AM4)",
    "AMD",
    [13_999, 11_499, 10],
    {
      socket: "am4",
      cores: 6,
      watts: 65,
      graphics: true,
      cooler: true,
      memory: ["ddr4"],
    },
  ),
  processor("AMD Ryzen 7 5700X Desktop Processor (8 cores, AM4)", "AMD", [18_999, 14_999, 6], {
    socket: "am4",
    cores: 8,
    watts: 65,
    graphics: false,
    cooler: false,
    memory: ["ddr4"],
  }),
  processor("Intel Core i3-12100 Desktop Processor (4 cores, LGA1700)", "Intel", [11_999, 9_299, 14], {
    socket: "lga1700",
    cores: 4,
    watts: 60,
    graphics: true,
    cooler: true,
    memory: BOTH_MEMORIES,
  }),
  processor("Intel Core i5-12400 Desktop Processor (6 cores, LGA1700)", "Intel", [16_999, 13_499, 12], {
    socket: "lga1700",
    cores: 6,
    watts: 65,
    graphics: true,
    cooler: true,
    memory: BOTH_MEMORIES,
  }),
  processor(
    "Intel Core i5-12400F Desktop Processor (6 cores, LGA1700, no graphics)",
    "Intel",
    [13_999, 10_999, 10],
    {
      socket: "lga1700",
      cores: 6,
      watts: 65,
      graphics: false,
      cooler: true,
      memory: BOTH_MEMORIES,
    },
  ),
  processor(
    "Intel Core i5-14400F Desktop Processor (10 cores, LGA1700, no graphics)",
    "Intel",
    [22_999, 17_999, 8],
    {
      socket: "lga1700",
      cores: 10,
      watts: 65,
      graphics: false,
      cooler: true,
      memory: BOTH_MEMORIES,
    },
  ),
  processor("Intel Core i7-14700K Desktop Processor (20 cores, LGA1700)", "Intel", [46_999, 38_999, 4], {
    socket: "lga1700",
    cores: 20,
    watts: 125,
    graphics: true,
    cooler: false,
    memory: BOTH_MEMORIES,
  }),
  processor("Intel Core Ultra 5 245K Desktop Processor (14 cores, LGA1851)", "Intel", [33_999, 27_999, 4], {
    socket: "lga1851",
    cores: 14,
    watts: 125,
    graphics: true,
    cooler: false,
    memory: ["ddr5"],
  }),

  // Motherboards
  motherboard("MSI PRO B650M-A WiFi Motherboard (AM5, DDR5, Micro-ATX)", "MSI", [19_999, 16_499, 8], {
    socket: "am5",
    chipset: "b650",
    form: "micro-atx",
    memory: "ddr5",
    slots: 4,
    maxGb: 192,
    m2: 2,
    sata: 4,
  }),
  motherboard("Gigabyte B650 Eagle AX Motherboard (AM5, DDR5, ATX)", "Gigabyte", [22_999, 18_999, 6], {
    socket: "am5",
    chipset: "b650",
    form: "atx",
    memory: "ddr5",
    slots: 4,
    maxGb: 192,
    m2: 3,
    sata: 4,
  }),
  motherboard("ASRock A620M-HDV/M.2+ Motherboard (AM5, DDR5, Micro-ATX)", "ASRock", [10_999, 8_999, 10], {
    socket: "am5",
    chipset: "a620",
    form: "micro-atx",
    memory: "ddr5",
    slots: 2,
    maxGb: 96,
    m2: 1,
    sata: 4,
  }),
  motherboard(
    "ASUS ROG Strix B650E-I Gaming WiFi Motherboard (AM5, DDR5, Mini-ITX)",
    "ASUS",
    [32_999, 27_999, 3],
    {
      socket: "am5",
      chipset: "b650",
      form: "mini-itx",
      memory: "ddr5",
      slots: 2,
      maxGb: 96,
      m2: 2,
      sata: 2,
    },
  ),
  motherboard("MSI B550M PRO-VDH WiFi Motherboard (AM4, DDR4, Micro-ATX)", "MSI", [12_999, 10_499, 8], {
    socket: "am4",
    chipset: "b550",
    form: "micro-atx",
    memory: "ddr4",
    slots: 4,
    maxGb: 128,
    m2: 2,
    sata: 4,
  }),
  motherboard("Gigabyte A520M K V2 Motherboard (AM4, DDR4, Micro-ATX)", "Gigabyte", [6_999, 5_799, 12], {
    socket: "am4",
    chipset: "a520",
    form: "micro-atx",
    memory: "ddr4",
    slots: 2,
    maxGb: 64,
    m2: 1,
    sata: 4,
  }),
  motherboard("MSI PRO H610M-E DDR4 Motherboard (LGA1700, Micro-ATX)", "MSI", [8_999, 7_499, 12], {
    socket: "lga1700",
    chipset: "h610",
    form: "micro-atx",
    memory: "ddr4",
    slots: 2,
    maxGb: 64,
    m2: 1,
    sata: 4,
  }),
  motherboard(
    "ASUS Prime B760M-A WiFi D4 Motherboard (LGA1700, DDR4, Micro-ATX)",
    "ASUS",
    [16_999, 13_999, 8],
    {
      socket: "lga1700",
      chipset: "b760",
      form: "micro-atx",
      memory: "ddr4",
      slots: 4,
      maxGb: 128,
      m2: 2,
      sata: 4,
    },
  ),
  motherboard("Gigabyte B760M DS3H DDR5 Motherboard (LGA1700, Micro-ATX)", "Gigabyte", [15_999, 13_499, 8], {
    socket: "lga1700",
    chipset: "b760",
    form: "micro-atx",
    memory: "ddr5",
    slots: 4,
    maxGb: 192,
    m2: 2,
    sata: 4,
  }),
  motherboard("MSI PRO Z790-P WiFi Motherboard (LGA1700, DDR5, ATX)", "MSI", [27_999, 22_999, 4], {
    socket: "lga1700",
    chipset: "z790",
    form: "atx",
    memory: "ddr5",
    slots: 4,
    maxGb: 192,
    m2: 4,
    sata: 6,
  }),
  motherboard("ASUS Prime B860M-A WiFi Motherboard (LGA1851, DDR5, Micro-ATX)", "ASUS", [21_999, 18_499, 4], {
    socket: "lga1851",
    chipset: "b860",
    form: "micro-atx",
    memory: "ddr5",
    slots: 4,
    maxGb: 256,
    m2: 2,
    sata: 4,
  }),

  // Memory
  memory("Crucial 8GB DDR4 3200 MHz Desktop RAM", "Crucial", [2_199, 1_699, 30], {
    type: "ddr4",
    moduleGb: 8,
    modules: 1,
    speed: 3200,
  }),
  memory("Kingston Fury Beast 16GB (2 x 8GB) DDR4 3200 MHz Desktop RAM", "Kingston", [4_499, 3_499, 20], {
    type: "ddr4",
    moduleGb: 8,
    modules: 2,
    speed: 3200,
  }),
  memory("Corsair Vengeance LPX 32GB (2 x 16GB) DDR4 3200 MHz Desktop RAM", "Corsair", [7_999, 6_299, 12], {
    type: "ddr4",
    moduleGb: 16,
    modules: 2,
    speed: 3200,
  }),
  memory("Kingston Fury Beast 16GB (2 x 8GB) DDR5 5600 MHz Desktop RAM", "Kingston", [6_499, 4_999, 20], {
    type: "ddr5",
    moduleGb: 8,
    modules: 2,
    speed: 5600,
  }),
  memory("G.Skill Flare X5 32GB (2 x 16GB) DDR5 6000 MHz Desktop RAM", "G.Skill", [11_999, 9_499, 12], {
    type: "ddr5",
    moduleGb: 16,
    modules: 2,
    speed: 6000,
  }),
  memory("Corsair Vengeance 64GB (2 x 32GB) DDR5 5600 MHz Desktop RAM", "Corsair", [21_999, 17_999, 6], {
    type: "ddr5",
    moduleGb: 32,
    modules: 2,
    speed: 5600,
  }),

  // Drives
  drive("WD Blue SN580 500GB NVMe M.2 SSD", "WD", [4_299, 3_299, 25], { interface: "nvme", gb: 500 }),
  drive("Samsung 980 1TB NVMe M.2 SSD", "Samsung", [8_999, 6_499, 20], { interface: "nvme", gb: 1000 }),
  drive("Crucial P3 Plus 2TB NVMe M.2 SSD", "Crucial", [15_999, 11_999, 8], { interface: "nvme", gb: 2000 }),
  drive(
    "Crucial MX500 1TB SATA 2.5 inch SSD",
    "Crucial",
    [7_999, 5_999, 15],
    { interface: "sata", gb: 1000 },
    "ssd",
  ),
  drive("Seagate Barracuda 2TB SATA 3.5 inch Hard Disk", "Seagate", [6_499, 5_299, 15], {
    interface: "sata",
    gb: 2000,
  }),

  // Graphics cards
  graphicsCard("Zotac GeForce RTX 3050 6GB Twin Edge Graphics Card", "Zotac", [21_999, 17_999, 8], {
    lengthMm: 163,
    watts: 70,
    supplyW: 300,
  }),
  graphicsCard("MSI GeForce RTX 4060 Ventus 2X Black 8GB Graphics Card", "MSI", [34_999, 29_999, 8], {
    lengthMm: 199,
    watts: 115,
    supplyW: 550,
  }),
  graphicsCard("Sapphire Pulse Radeon RX 7600 8GB Graphics Card", "Sapphire", [31_999, 26_999, 6], {
    lengthMm: 240,
    watts: 165,
    supplyW: 550,
  }),
  graphicsCard("ASUS Dual GeForce RTX 4060 Ti 8GB Graphics Card", "ASUS", [45_999, 39_999, 5], {
    lengthMm: 227,
    watts: 160,
    supplyW: 550,
  }),
  graphicsCard("Sapphire Nitro+ Radeon RX 7800 XT 16GB Graphics Card", "Sapphire", [64_999, 56_999, 3], {
    lengthMm: 320,
    watts: 263,
    supplyW: 700,
  }),
  graphicsCard(
    "Gigabyte GeForce RTX 4070 Super Gaming OC 12GB Graphics Card",
    "Gigabyte",
    [72_999, 64_999, 3],
    {
      lengthMm: 336,
      watts: 220,
      supplyW: 750,
    },
  ),

  // Power supplies
  powerSupply("Ant Esports VS500L 500W Power Supply", "Ant Esports", [3_499, 2_799, 15], {
    watts: 500,
    efficiency: "white",
  }),
  powerSupply("Corsair CV550 550W 80 Plus Bronze Power Supply", "Corsair", [5_499, 4_199, 12], {
    watts: 550,
    efficiency: "bronze",
  }),
  powerSupply("Deepcool PK650D 650W 80 Plus Bronze Power Supply", "Deepcool", [6_499, 5_299, 10], {
    watts: 650,
    efficiency: "bronze",
  }),
  powerSupply("MSI MAG A750GL PCIE5 750W 80 Plus Gold Power Supply", "MSI", [10_999, 8_499, 8], {
    watts: 750,
    efficiency: "gold",
  }),
  powerSupply("Corsair RM850e 850W 80 Plus Gold Power Supply", "Corsair", [13_999, 11_499, 5], {
    watts: 850,
    efficiency: "gold",
  }),

  // Cabinets
  cabinet("Ant Esports ICE-112 Mid Tower Cabinet", "Ant Esports", [4_999, 3_999, 12], {
    forms: ["atx", "micro-atx", "mini-itx"],
    gpuMm: 320,
    coolerMm: 160,
  }),
  cabinet("Deepcool CH370 Micro-ATX Cabinet", "Deepcool", [5_999, 4_999, 8], {
    forms: ["micro-atx", "mini-itx"],
    gpuMm: 320,
    coolerMm: 167,
  }),
  cabinet("Cooler Master MasterBox Q300L Micro-ATX Cabinet", "Cooler Master", [5_499, 4_499, 8], {
    forms: ["micro-atx", "mini-itx"],
    gpuMm: 360,
    coolerMm: 157,
  }),
  cabinet("Lian Li Lancool 216 Mid Tower Cabinet", "Lian Li", [10_999, 8_999, 5], {
    forms: ["atx", "micro-atx", "mini-itx"],
    gpuMm: 392,
    coolerMm: 180,
  }),
  cabinet("Cooler Master NR200P Mini-ITX Cabinet", "Cooler Master", [11_499, 9_499, 3], {
    forms: ["mini-itx"],
    gpuMm: 330,
    coolerMm: 155,
  }),

  // CPU coolers
  cooler("Deepcool AK400 CPU Cooler", "Deepcool", [3_499, 2_899, 12], {
    sockets: ["am4", "am5", "lga1700", "lga1851"],
    heightMm: 155,
  }),
  cooler("Cooler Master Hyper 212 Black Edition CPU Cooler", "Cooler Master", [3_999, 2_999, 10], {
    sockets: ["am4", "am5", "lga1700"],
    heightMm: 159,
  }),
  cooler("Noctua NH-D15 CPU Cooler", "Noctua", [11_999, 9_999, 3], {
    sockets: ["am4", "am5", "lga1700", "lga1851"],
    heightMm: 165,
  }),
];
