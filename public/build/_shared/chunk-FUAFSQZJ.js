var e="/build/_assets/cart-OIMU37WW.css";export{e as a};
//# sourceMappingURL=/build/_shared/chunk-FUAFSQZJ.js.map
