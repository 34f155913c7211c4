var i="/build/_assets/pages-JREB6ZMT.css";export{i as a};
//# sourceMappingURL=/build/_shared/chunk-HB2DMJNP.js.map
