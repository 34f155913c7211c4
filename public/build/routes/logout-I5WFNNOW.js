import{b as o}from"/build/_shared/chunk-MOBXQPLJ.js";var p=o((r,e)=>{e.exports={}});export default p();
//# sourceMappingURL=/build/routes/logout-I5WFNNOW.js.map
