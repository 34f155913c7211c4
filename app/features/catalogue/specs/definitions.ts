/**
 * The typed specifications of the dealer's catalogue, per category (decision 0042, issue 31): the one place
 * that says which attributes a laptop, a camera or a reader has, their kinds, units, ranges, options and
 * facets. Step 1 of the issue: the definitions and their checks; the database's tables, the store's facets,
 * the product page and search follow them.
 */

/** How a specification is grouped on the product page and in the back office's form, in this order. */
export const SPEC_GROUPS = [
  "Processor and memory",
  "Storage",
  "Display",
  "Graphics",
  "Software and build",
  "Condition",
  "Camera",
  "Recording",
  "Biometrics",
  "Connection",
  "Component",
  "Fit and size",
  "Power",
] as const;
export type SpecGroup = (typeof SPEC_GROUPS)[number];

/** Units of numbers, with what the product page prints and the UN/CEFACT code JSON-LD gives (when one exists). */
export const SPEC_UNITS = {
  GB: { text: "GB", unitCode: "E34" },
  inch: { text: "inch", unitCode: "INH" },
  kg: { text: "kg", unitCode: "KGM" },
  months: { text: "months", unitCode: "MON" },
  m: { text: "m", unitCode: "MTR" },
  MP: { text: "MP", unitCode: undefined },
  channels: { text: "channels", unitCode: undefined },
  users: { text: "users", unitCode: undefined },
  generation: { text: "th gen", unitCode: undefined },
  W: { text: "W", unitCode: "WTT" },
  mm: { text: "mm", unitCode: "MMT" },
  MTs: { text: "MT/s", unitCode: undefined },
  cores: { text: "cores", unitCode: undefined },
  slots: { text: "slots", unitCode: undefined },
  ports: { text: "ports", unitCode: undefined },
  modules: { text: "modules", unitCode: undefined },
} as const;
export type SpecUnit = keyof typeof SPEC_UNITS;

export type SpecOption = {
  /** Lower-case letters, digits and hyphens: what the URL and the database keep. */
  code: string;
  label: string;
  /** Words a shopper searches it by, beyond its label's ("i5" for Core i5). */
  words?: readonly string[];
};

/** A facet's range of a number: from min to max, both included; an open end is left out. */
export type NumberBucket = { code: string; label: string; min?: number; max?: number };

type SpecBase = {
  /** The attribute's code: lower-case letters, digits and underscores. */
  code: string;
  label: string;
  group: SpecGroup;
  /** The store's URL key when the attribute is a facet (`ram`, `cpu`). */
  facet?: string;
  /** Only for products of this type (a refurbished machine's grade). */
  onlyForType?: "new" | "refurbished" | "rental";
};

export type NumberSpec = SpecBase & {
  kind: "number";
  unit: SpecUnit;
  min: number;
  max: number;
  step: number;
  /** The facet's ranges, in order, not overlapping (a number facet needs them). */
  buckets?: readonly NumberBucket[];
};

export type ChoiceSpec = SpecBase & {
  /** choice: exactly one option; choices: none, one or several of them. */
  kind: "choice" | "choices";
  options: readonly SpecOption[];
};

export type SpecDefinition = NumberSpec | ChoiceSpec;

const exact = (n: number, unit = ""): NumberBucket => ({
  code: String(n),
  label: `${n}${unit}`,
  min: n,
  max: n,
});

/** Attributes that computers and components share, one definition each. */
const RAM_TYPE: SpecDefinition = {
  code: "ram_type",
  label: "RAM type",
  group: "Processor and memory",
  kind: "choice",
  options: [
    { code: "ddr3", label: "DDR3" },
    { code: "ddr4", label: "DDR4" },
    { code: "ddr5", label: "DDR5" },
    { code: "lpddr4x", label: "LPDDR4X" },
    { code: "lpddr5", label: "LPDDR5" },
    { code: "unified", label: "Unified memory" },
  ],
};
const STORAGE_GB: SpecDefinition = {
  code: "storage_gb",
  label: "Storage",
  group: "Storage",
  facet: "storage",
  kind: "number",
  unit: "GB",
  min: 16,
  max: 16_384,
  step: 1,
  buckets: [
    { code: "-256", label: "Up to 256 GB", max: 256 },
    { code: "257-512", label: "512 GB", min: 257, max: 512 },
    { code: "513-", label: "1 TB and more", min: 513 },
  ],
};
const WARRANTY: SpecDefinition = {
  code: "warranty_months",
  label: "Warranty",
  group: "Software and build",
  kind: "number",
  unit: "months",
  min: 0,
  max: 60,
  step: 1,
};

/** Laptops and desktops. */
const COMPUTER: readonly SpecDefinition[] = [
  {
    code: "cpu",
    label: "Processor",
    group: "Processor and memory",
    facet: "cpu",
    kind: "choice",
    options: [
      { code: "celeron", label: "Intel Celeron" },
      { code: "pentium", label: "Intel Pentium" },
      { code: "core-i3", label: "Intel Core i3", words: ["i3"] },
      { code: "core-i5", label: "Intel Core i5", words: ["i5"] },
      { code: "core-i7", label: "Intel Core i7", words: ["i7"] },
      { code: "core-i9", label: "Intel Core i9", words: ["i9"] },
      { code: "core-ultra-5", label: "Intel Core Ultra 5" },
      { code: "core-ultra-7", label: "Intel Core Ultra 7" },
      { code: "ryzen-3", label: "AMD Ryzen 3" },
      { code: "ryzen-5", label: "AMD Ryzen 5" },
      { code: "ryzen-7", label: "AMD Ryzen 7" },
      { code: "ryzen-9", label: "AMD Ryzen 9" },
      { code: "apple-m1", label: "Apple M1", words: ["m1"] },
      { code: "apple-m2", label: "Apple M2", words: ["m2"] },
      { code: "apple-m3", label: "Apple M3", words: ["m3"] },
      { code: "apple-m4", label: "Apple M4", words: ["m4"] },
    ],
  },
  {
    code: "cpu_generation",
    label: "Processor generation",
    group: "Processor and memory",
    kind: "number",
    unit: "generation",
    min: 1,
    max: 20,
    step: 1,
  },
  {
    code: "ram_gb",
    label: "RAM",
    group: "Processor and memory",
    facet: "ram",
    kind: "number",
    unit: "GB",
    min: 1,
    max: 256,
    step: 1,
    buckets: [
      exact(4, " GB"),
      exact(8, " GB"),
      exact(16, " GB"),
      { code: "32-", label: "32 GB and more", min: 32 },
    ],
  },
  RAM_TYPE,
  {
    code: "storage_kind",
    label: "Storage type",
    group: "Storage",
    facet: "disk",
    kind: "choice",
    options: [
      { code: "ssd", label: "SSD" },
      { code: "hdd", label: "HDD" },
      { code: "ssd-hdd", label: "SSD and HDD" },
    ],
  },
  STORAGE_GB,
  {
    code: "screen_in",
    label: "Screen size",
    group: "Display",
    facet: "screen",
    kind: "number",
    unit: "inch",
    min: 10,
    max: 34,
    step: 0.1,
    buckets: [
      { code: "-13.9", label: "Under 14 inch", max: 13.9 },
      { code: "14-15.6", label: "14 to 15.6 inch", min: 14, max: 15.6 },
      { code: "15.7-", label: "Over 15.6 inch", min: 15.7 },
    ],
  },
  {
    code: "resolution",
    label: "Resolution",
    group: "Display",
    kind: "choice",
    options: [
      { code: "hd", label: "HD (1366 × 768)" },
      { code: "fhd", label: "Full HD (1920 × 1080)", words: ["fhd", "1080p"] },
      { code: "wuxga", label: "WUXGA (1920 × 1200)" },
      { code: "qhd", label: "QHD (2560 × 1440)" },
      { code: "retina", label: "Retina" },
      { code: "uhd", label: "4K UHD (3840 × 2160)", words: ["4k"] },
    ],
  },
  {
    code: "graphics",
    label: "Graphics",
    group: "Graphics",
    facet: "graphics",
    kind: "choice",
    options: [
      { code: "integrated", label: "Integrated" },
      { code: "dedicated", label: "Dedicated" },
    ],
  },
  {
    code: "gpu",
    label: "Graphics processor",
    group: "Graphics",
    kind: "choice",
    options: [
      { code: "intel-uhd", label: "Intel UHD Graphics" },
      { code: "intel-iris-xe", label: "Intel Iris Xe" },
      { code: "intel-arc", label: "Intel Arc" },
      { code: "amd-radeon", label: "AMD Radeon" },
      { code: "apple-gpu", label: "Apple GPU" },
      { code: "gtx-1650", label: "NVIDIA GeForce GTX 1650" },
      { code: "rtx-3050", label: "NVIDIA GeForce RTX 3050", words: ["rtx"] },
      { code: "rtx-4050", label: "NVIDIA GeForce RTX 4050", words: ["rtx"] },
      { code: "rtx-4060", label: "NVIDIA GeForce RTX 4060", words: ["rtx"] },
      { code: "rtx-4070", label: "NVIDIA GeForce RTX 4070", words: ["rtx"] },
    ],
  },
  {
    code: "os",
    label: "Operating system",
    group: "Software and build",
    facet: "os",
    kind: "choice",
    options: [
      { code: "windows-11-home", label: "Windows 11 Home" },
      { code: "windows-11-pro", label: "Windows 11 Pro" },
      { code: "windows-10-pro", label: "Windows 10 Pro" },
      { code: "macos", label: "macOS" },
      { code: "linux", label: "Linux" },
      { code: "dos", label: "DOS" },
      { code: "none", label: "None" },
    ],
  },
  {
    code: "weight_kg",
    label: "Weight",
    group: "Software and build",
    kind: "number",
    unit: "kg",
    min: 0.5,
    max: 30,
    step: 0.01,
  },
  WARRANTY,
  {
    code: "grade",
    label: "Refurbished grade",
    group: "Condition",
    facet: "grade",
    onlyForType: "refurbished",
    kind: "choice",
    options: [
      { code: "a", label: "Grade A: like new" },
      { code: "b", label: "Grade B: light marks" },
      { code: "c", label: "Grade C: visible wear" },
    ],
  },
];

const CCTV: readonly SpecDefinition[] = [
  {
    code: "cctv_tech",
    label: "Technology",
    group: "Camera",
    facet: "tech",
    kind: "choice",
    options: [
      { code: "hd-analogue", label: "HD analogue", words: ["analog", "hdcvi", "ahd"] },
      { code: "ip-poe", label: "IP / PoE", words: ["ip", "poe"] },
      { code: "wifi", label: "Wi-Fi", words: ["wireless"] },
    ],
  },
  {
    code: "cctv_form",
    label: "Form",
    group: "Camera",
    facet: "form",
    kind: "choice",
    options: [
      { code: "dome", label: "Dome" },
      { code: "bullet", label: "Bullet" },
      { code: "ptz", label: "PTZ" },
      { code: "kit", label: "Kit", words: ["combo", "set"] },
      { code: "dvr", label: "DVR" },
      { code: "nvr", label: "NVR" },
    ],
  },
  {
    code: "megapixels",
    label: "Resolution",
    group: "Camera",
    facet: "mp",
    kind: "number",
    unit: "MP",
    min: 0.3,
    max: 16,
    step: 0.1,
    buckets: [exact(2, " MP"), exact(4, " MP"), { code: "5-", label: "5 MP and more", min: 5 }],
  },
  {
    code: "channels",
    label: "Channels",
    group: "Recording",
    facet: "channels",
    kind: "number",
    unit: "channels",
    min: 1,
    max: 128,
    step: 1,
    buckets: [exact(4), exact(8), exact(16), { code: "32-", label: "32 and more", min: 32 }],
  },
  {
    code: "ir_range_m",
    label: "Night vision (IR) range",
    group: "Camera",
    kind: "number",
    unit: "m",
    min: 0,
    max: 300,
    step: 1,
  },
  {
    code: "placement",
    label: "Indoor or outdoor",
    group: "Camera",
    facet: "placement",
    kind: "choice",
    options: [
      { code: "indoor", label: "Indoor" },
      { code: "outdoor", label: "Outdoor (IP66/IP67)", words: ["ip66", "ip67", "weatherproof"] },
    ],
  },
  {
    code: "audio",
    label: "Audio",
    group: "Camera",
    kind: "choice",
    options: [
      { code: "yes", label: "Built-in microphone" },
      { code: "no", label: "No audio" },
    ],
  },
];

const BIOMETRIC: readonly SpecDefinition[] = [
  {
    code: "bio_methods",
    label: "Identifies by",
    group: "Biometrics",
    facet: "method",
    kind: "choices",
    options: [
      { code: "fingerprint", label: "Fingerprint" },
      { code: "face", label: "Face" },
      { code: "card", label: "RFID card", words: ["rfid"] },
      { code: "palm", label: "Palm" },
      { code: "pin", label: "PIN or password" },
    ],
  },
  {
    code: "user_capacity",
    label: "User capacity",
    group: "Biometrics",
    kind: "number",
    unit: "users",
    min: 10,
    max: 100_000,
    step: 1,
  },
  {
    code: "bio_connectivity",
    label: "Connectivity",
    group: "Connection",
    kind: "choices",
    options: [
      { code: "tcp-ip", label: "LAN (TCP/IP)", words: ["lan", "ethernet"] },
      { code: "wifi", label: "Wi-Fi" },
      { code: "usb", label: "USB" },
      { code: "rs485", label: "RS485" },
      { code: "cellular", label: "4G", words: ["4g", "sim"] },
    ],
  },
  {
    code: "bio_use",
    label: "Used for",
    group: "Biometrics",
    facet: "use",
    kind: "choice",
    options: [
      { code: "attendance", label: "Attendance" },
      { code: "access-control", label: "Access control", words: ["door"] },
      { code: "both", label: "Attendance and access control" },
    ],
  },
];

const ACCESSORY: readonly SpecDefinition[] = [
  {
    code: "accessory_kind",
    label: "Kind",
    group: "Connection",
    facet: "kind",
    kind: "choice",
    options: [
      { code: "mouse", label: "Mouse" },
      { code: "keyboard", label: "Keyboard" },
      { code: "keyboard-mouse", label: "Keyboard and mouse" },
      { code: "headset", label: "Headset" },
      { code: "speaker", label: "Speaker" },
      { code: "webcam", label: "Webcam" },
      { code: "monitor", label: "Monitor" },
      { code: "storage", label: "Pen drive or external drive", words: ["pendrive", "hdd", "ssd"] },
      { code: "ups", label: "UPS" },
      { code: "printer", label: "Printer" },
      { code: "networking", label: "Router or switch", words: ["router", "switch"] },
      { code: "cable", label: "Cable or adapter" },
      { code: "bag", label: "Bag" },
      { code: "other", label: "Other" },
    ],
  },
  {
    code: "interface",
    label: "Interface",
    group: "Connection",
    kind: "choices",
    options: [
      { code: "usb-a", label: "USB-A" },
      { code: "usb-c", label: "USB-C", words: ["type-c"] },
      { code: "bluetooth", label: "Bluetooth" },
      { code: "wireless-2-4ghz", label: "2.4 GHz wireless" },
      { code: "hdmi", label: "HDMI" },
      { code: "displayport", label: "DisplayPort" },
      { code: "audio-jack", label: "3.5 mm jack" },
      { code: "lan", label: "LAN (RJ45)" },
    ],
  },
  {
    code: "connection",
    label: "Wired or wireless",
    group: "Connection",
    facet: "connection",
    kind: "choice",
    options: [
      { code: "wired", label: "Wired" },
      { code: "wireless", label: "Wireless" },
    ],
  },
];

/** A motherboard's form factor: what a board is, and what a cabinet takes. */
const BOARD_FORMS: readonly SpecOption[] = [
  { code: "atx", label: "ATX" },
  { code: "micro-atx", label: "Micro-ATX", words: ["matx"] },
  { code: "mini-itx", label: "Mini-ITX", words: ["itx"] },
];

/** A component has it or not ("Integrated graphics", "No integrated graphics"): labels that read as search words. */
function hasOrNot(code: string, label: string): ChoiceSpec {
  const without = `No ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  return {
    code,
    label,
    group: "Component",
    kind: "choice",
    options: [
      { code: "yes", label },
      { code: "no", label: without },
    ],
  };
}

/**
 * PC components (decision 0047): what the PC builder's rules of fit read, and the store's facets for them. A
 * component fills the attributes of its part; the others stay empty.
 */
const COMPONENT: readonly SpecDefinition[] = [
  {
    code: "part",
    label: "Component",
    group: "Component",
    facet: "part",
    kind: "choice",
    options: [
      { code: "processor", label: "Processor", words: ["cpu"] },
      { code: "motherboard", label: "Motherboard", words: ["mobo", "board"] },
      { code: "memory", label: "Memory", words: ["ram"] },
      { code: "storage", label: "Storage drive", words: ["ssd", "drive"] },
      { code: "graphics-card", label: "Graphics card", words: ["gpu", "vga"] },
      { code: "power-supply", label: "Power supply", words: ["psu", "smps"] },
      { code: "cabinet", label: "Cabinet", words: ["case", "chassis"] },
      { code: "cpu-cooler", label: "CPU cooler", words: ["cooler"] },
    ],
  },
  {
    code: "socket",
    label: "Socket",
    group: "Component",
    facet: "socket",
    kind: "choices",
    options: [
      { code: "am4", label: "AMD AM4" },
      { code: "am5", label: "AMD AM5" },
      { code: "lga1700", label: "Intel LGA1700" },
      { code: "lga1851", label: "Intel LGA1851" },
    ],
  },
  {
    code: "cores",
    label: "Cores",
    group: "Component",
    kind: "number",
    unit: "cores",
    min: 1,
    max: 128,
    step: 1,
  },
  hasOrNot("igpu", "Integrated graphics"),
  hasOrNot("cooler_in_box", "Cooler in the box"),
  {
    code: "memory_support",
    label: "Memory supported",
    group: "Component",
    kind: "choices",
    options: [
      { code: "ddr4", label: "DDR4" },
      { code: "ddr5", label: "DDR5" },
    ],
  },
  {
    code: "chipset",
    label: "Chipset",
    group: "Component",
    facet: "chipset",
    kind: "choice",
    options: [
      { code: "a520", label: "AMD A520" },
      { code: "b550", label: "AMD B550" },
      { code: "a620", label: "AMD A620" },
      { code: "b650", label: "AMD B650" },
      { code: "x670", label: "AMD X670" },
      { code: "b850", label: "AMD B850" },
      { code: "x870", label: "AMD X870" },
      { code: "h610", label: "Intel H610" },
      { code: "b760", label: "Intel B760" },
      { code: "z790", label: "Intel Z790" },
      { code: "b860", label: "Intel B860" },
      { code: "z890", label: "Intel Z890" },
    ],
  },
  {
    code: "board_form",
    label: "Form factor",
    group: "Fit and size",
    facet: "board",
    kind: "choice",
    options: BOARD_FORMS,
  },
  RAM_TYPE,
  {
    code: "memory_slots",
    label: "Memory slots",
    group: "Fit and size",
    kind: "number",
    unit: "slots",
    min: 1,
    max: 16,
    step: 1,
  },
  {
    code: "max_memory_gb",
    label: "Largest memory",
    group: "Fit and size",
    kind: "number",
    unit: "GB",
    min: 4,
    max: 4096,
    step: 1,
  },
  {
    code: "m2_slots",
    label: "M.2 slots",
    group: "Fit and size",
    kind: "number",
    unit: "slots",
    min: 0,
    max: 12,
    step: 1,
  },
  {
    code: "sata_ports",
    label: "SATA ports",
    group: "Fit and size",
    kind: "number",
    unit: "ports",
    min: 0,
    max: 16,
    step: 1,
  },
  {
    code: "module_gb",
    label: "Module size",
    group: "Component",
    kind: "number",
    unit: "GB",
    min: 1,
    max: 512,
    step: 1,
  },
  {
    code: "modules",
    label: "Modules in the kit",
    group: "Component",
    kind: "number",
    unit: "modules",
    min: 1,
    max: 8,
    step: 1,
  },
  {
    code: "speed_mts",
    label: "Speed",
    group: "Component",
    kind: "number",
    unit: "MTs",
    min: 800,
    max: 16_000,
    step: 1,
  },
  {
    code: "drive_interface",
    label: "Interface",
    group: "Component",
    facet: "drive",
    kind: "choice",
    options: [
      { code: "nvme", label: "NVMe M.2", words: ["m2", "m.2"] },
      { code: "sata", label: "SATA" },
    ],
  },
  STORAGE_GB,
  {
    code: "length_mm",
    label: "Length",
    group: "Fit and size",
    kind: "number",
    unit: "mm",
    min: 50,
    max: 500,
    step: 1,
  },
  {
    code: "cpu_power_w",
    label: "Base power",
    group: "Power",
    kind: "number",
    unit: "W",
    min: 1,
    max: 500,
    step: 1,
  },
  {
    code: "board_power_w",
    label: "Board power",
    group: "Power",
    kind: "number",
    unit: "W",
    min: 1,
    max: 1000,
    step: 1,
  },
  {
    code: "recommended_psu_w",
    label: "Recommended power supply",
    group: "Power",
    kind: "number",
    unit: "W",
    min: 100,
    max: 2000,
    step: 1,
  },
  {
    code: "wattage_w",
    label: "Wattage",
    group: "Power",
    facet: "watts",
    kind: "number",
    unit: "W",
    min: 100,
    max: 3000,
    step: 1,
    buckets: [
      { code: "-550", label: "Up to 550 W", max: 550 },
      { code: "551-750", label: "551 to 750 W", min: 551, max: 750 },
      { code: "751-", label: "Over 750 W", min: 751 },
    ],
  },
  {
    code: "efficiency",
    label: "Efficiency",
    group: "Power",
    kind: "choice",
    options: [
      { code: "none", label: "No 80 Plus rating" },
      { code: "white", label: "80 Plus" },
      { code: "bronze", label: "80 Plus Bronze" },
      { code: "gold", label: "80 Plus Gold" },
      { code: "platinum", label: "80 Plus Platinum" },
      { code: "titanium", label: "80 Plus Titanium" },
    ],
  },
  {
    code: "board_forms",
    label: "Motherboards it takes",
    group: "Fit and size",
    kind: "choices",
    options: BOARD_FORMS,
  },
  {
    code: "max_gpu_mm",
    label: "Longest graphics card",
    group: "Fit and size",
    kind: "number",
    unit: "mm",
    min: 100,
    max: 600,
    step: 1,
  },
  {
    code: "max_cooler_mm",
    label: "Tallest CPU cooler",
    group: "Fit and size",
    kind: "number",
    unit: "mm",
    min: 20,
    max: 250,
    step: 1,
  },
  {
    code: "height_mm",
    label: "Height",
    group: "Fit and size",
    kind: "number",
    unit: "mm",
    min: 10,
    max: 250,
    step: 1,
  },
  WARRANTY,
];

/** The categories with specifications, by the name the catalogue gives them. */
export const SPEC_CATEGORIES: Readonly<Record<string, readonly SpecDefinition[]>> = {
  Laptops: COMPUTER,
  Desktops: COMPUTER,
  CCTV,
  Biometric: BIOMETRIC,
  Accessories: ACCESSORY,
  Components: COMPONENT,
};

/** The earlier shop's name for a category that the catalogue now names otherwise. */
export const SAME_CATEGORY: Readonly<Record<string, string>> = { Laptop: "Laptops" };

/** The specifications of a category's products, in the order they are shown; none for another category. */
export function specsOfCategory(category: string): readonly SpecDefinition[] {
  return SPEC_CATEGORIES[SAME_CATEGORY[category] ?? category] ?? [];
}
