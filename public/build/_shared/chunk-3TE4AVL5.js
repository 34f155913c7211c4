import{b as e}from"/build/_shared/chunk-MOBXQPLJ.js";var a=e((o,t)=>{t.exports={}});var i="/build/_assets/invoice-3LPD7TKA.css";export{a,i as b};
//# sourceMappingURL=/build/_shared/chunk-3TE4AVL5.js.map
