export {
  ADMIN_PRODUCTS_PAGE_SIZE,
  adminProductsCsvUrl,
  adminProductsUrl,
  NO_SPEC,
  STOCK_FILTERS,
  stockFilterLabels,
  VISIBILITY_FILTERS,
  visibilityLabels,
} from "./admin-product-filters";
export { CatalogueUploadForm, ImportPreview } from "./bulk/CatalogueImport";
export { CATALOGUE_COLUMNS } from "./bulk/catalogue-csv";
export { catalogueImportMessages } from "./bulk/import-messages";
export { CopyProductLink } from "./CopyProductLink";
export {
  FALLBACK_IMAGE,
  PRODUCT_TYPES,
  type ProductType,
  productTypeLabels,
  TAGS,
  type Tag,
  tagLabels,
} from "./catalogue";
export { productAdminMessages, productMessages, searchMessages } from "./messages";
export { Price, TaxLine } from "./Price";
export { ProductForm } from "./ProductForm";
export { ProductGallery } from "./ProductGallery";
export { ProductGrid, ProductSection } from "./ProductGrid";
export { availabilityLabel, productMetaTags, quantityOptions } from "./product-page";
export { SpecialCard } from "./SpecialCard";
export { StarInput } from "./StarInput";
export { Stars, shownRating } from "./Stars";
export { SPEC_CATEGORIES } from "./specs/definitions";
export { toggleSpecValue } from "./specs/facets";
export { type ComparedSpecs, compareSpecTable, type SpecGroupRows } from "./specs/format";
export { type SpecValues, specProblems } from "./specs/values";
export {
  activeFilterChips,
  DEFAULT_GRID,
  effectiveSort,
  GRIDS,
  MAX_PRICE_RUPEES,
  parseStoreFilters,
  productStoreLinks,
  SORTS,
  type StoreFilters,
  type StoreLinks,
  sortLabels,
  storeQuery,
  storeTitleLimit,
  storeUrl,
  toggleType,
} from "./store-filters";
export { WhatsAppLinks } from "./WhatsAppLinks";
export { WishlistHeart } from "./WishlistHeart";
