import{b as o}from"/build/_shared/chunk-MOBXQPLJ.js";var p=o((r,e)=>{e.exports={}});export{p as a};
//# sourceMappingURL=/build/_shared/chunk-Q2U2NDT6.js.map
