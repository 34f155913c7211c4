function e(r){return Array.from((r??"").replace(/[\u0000-\u001f\u007f-\u009f\s]+/g," ").trim()).slice(0,100).join("").trim()}export{e as a};
//# sourceMappingURL=/build/_shared/chunk-T4T5WIRC.js.map
