var t=["owner","staff"],e={owner:"Owner",staff:"Staff"};export{t as a,e as b};
//# sourceMappingURL=/build/_shared/chunk-ZYEC43KY.js.map
