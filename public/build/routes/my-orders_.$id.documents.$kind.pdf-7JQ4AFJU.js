import{b as o}from"/build/_shared/chunk-MOBXQPLJ.js";var p=o((r,e)=>{e.exports={}});export default p();
//# sourceMappingURL=/build/routes/my-orders_.$id.documents.$kind.pdf-7JQ4AFJU.js.map
