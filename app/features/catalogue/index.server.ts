export {
  catalogueCsv,
  discardImport,
  importErrorsCsv,
  importGone,
  keptImport,
  PREVIEW_PAGE_SIZE,
  previewPage,
  uploadCatalogue,
} from "./bulk/bulk.server";
export { commitImport } from "./bulk/import-commit.server";
export { catalogueCommitSchema, catalogueImportSchema } from "./bulk/import-schemas";
export {
  cardColumns,
  type GridCardData,
  gridCard,
  type ProductCardData,
  productsTagged,
  toCard,
} from "./cards.server";
export { catalogueVersionColumn, readCatalogueVersion } from "./catalogue-version.server";
export {
  createProduct,
  listColours,
  type ProductValues,
  productForEdit,
  productProblemReply,
  setProductHidden,
  updateProduct,
} from "./product-admin.server";
export { listAdminProducts } from "./product-admin-list.server";
export { POPULAR_ON_PRODUCT_PAGE, productDetailPage, productPageView } from "./product-detail.server";
export { productFormDefaults } from "./product-form-defaults";
export {
  addProductImage,
  type ImageChange,
  imageSlotsLeft,
  moveProductImage,
  removeProductImage,
  setImageAlt,
} from "./product-images.server";
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
