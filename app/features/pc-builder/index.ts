export {
  type Conflict,
  conflictsOf,
  estimatedDrawW,
  FIT_RULES,
  misfitsOf,
  neededSupplyW,
  type RuleCode,
} from "./fit";
export { fitMessages, formFactorLabel, memoryLabel } from "./messages";
export { partFromSpecs, SLOT_OF_PART, type SlotPart } from "./part-specs";
export {
  type BoardSpec,
  type Build,
  type CabinetSpec,
  type CoolerSpec,
  type Counted,
  EMPTY_BUILD,
  type FormFactor,
  type GraphicsSpec,
  type MemorySpec,
  type MemoryType,
  type Part,
  type PowerSettings,
  type ProcessorSpec,
  SLOTS,
  type Slot,
  type StorageSpec,
  type SupplySpec,
} from "./parts";
