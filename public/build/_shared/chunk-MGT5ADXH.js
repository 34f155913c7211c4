var o=t=>/^\/admin(?:\/|$)/i.test(t);export{o as a};
//# sourceMappingURL=/build/_shared/chunk-MGT5ADXH.js.map
