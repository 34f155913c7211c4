export {
  catalogueCsv,
  commitImport,
  discardImport,
  importErrorsCsv,
  importGone,
  keptImport,
  PREVIEW_PAGE_SIZE,
  previewPage,
  uploadCatalogue,
} from "./bulk/bulk.server";
export { catalogueCommitSchema, catalogueImportSchema } from "./bulk/import-schemas";
export { cardColumns, type ProductCardData, productsTagged, toCard } from "./cards.server";
export { catalogueVersionColumn, readCatalogueVersion } from "./catalogue-version.server";
export {
  addProductImage,
  createProduct,
  type ImageChange,
  imageSlotsLeft,
  listAdminProducts,
  listColours,
  moveProductImage,
  type ProductValues,
  productForEdit,
  productProblemReply,
  removeProductImage,
  setImageAlt,
  setProductHidden,
  updateProduct,
} from "./product-admin.server";
export { POPULAR_ON_PRODUCT_PAGE, productDetailPage, productPageView } from "./product-detail.server";
export { productFormDefaults } from "./product-form-defaults";
export {
  catalogueFacets,
  coloursFor,
  getProduct,
  homeSections,
  picturesOf,
  productExists,
  productList,
  searchSuggestions,
  storePage,
} from "./products.server";
export { productReviews, saveReview } from "./reviews.server";
export {
  cartQuantitySchema,
  imageUploadSchema,
  PRODUCT_LIMITS,
  parseAdminProductFilters,
  productEditSchema,
  productFormSchema,
  productPageSchema,
  productValuesOf,
} from "./schemas";
export { indexStaleProducts } from "./search/reindex.server";
export { addSearchWords, searchColumns, vocabularyOf } from "./search/search-index.server";
export { specFormsOf } from "./specs/form-values";
export { readProductSpecs, readSpecs, specRows, writeSpecs } from "./specs/product-specs.server";
export { specFilterChoices } from "./specs/spec-filter";
export { PAGE_SIZE } from "./store-queries.server";
export { canonicalRedirect, readStoreFilters, specFilterChips, withFacetLinks } from "./store-url.server";
export { shownInShop } from "./visibility.server";
