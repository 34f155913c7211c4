//# sourceMappingURL=/build/_shared/chunk-AUYLHJJM.js.map
