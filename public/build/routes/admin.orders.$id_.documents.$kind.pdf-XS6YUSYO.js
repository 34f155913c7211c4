import{b as o}from"/build/_shared/chunk-MOBXQPLJ.js";var p=o((r,e)=>{e.exports={}});export default p();
//# sourceMappingURL=/build/routes/admin.orders.$id_.documents.$kind.pdf-XS6YUSYO.js.map
