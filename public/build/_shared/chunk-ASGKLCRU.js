var r="/build/_assets/blog-IPCKCCUH.css";export{r as a};
//# sourceMappingURL=/build/_shared/chunk-ASGKLCRU.js.map
