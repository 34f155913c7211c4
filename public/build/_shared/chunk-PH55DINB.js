import{a as o}from"/build/_shared/chunk-J4WINIIK.js";function e(n){return[{title:`${n} | ${o.name} back office`},{name:"robots",content:"noindex, nofollow"}]}export{e as a};
//# sourceMappingURL=/build/_shared/chunk-PH55DINB.js.map
