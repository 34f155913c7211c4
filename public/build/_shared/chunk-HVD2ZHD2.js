import{b as o}from"/build/_shared/chunk-MOBXQPLJ.js";var p=o((r,e)=>{e.exports={}});export{p as a};
//# sourceMappingURL=/build/_shared/chunk-HVD2ZHD2.js.map
