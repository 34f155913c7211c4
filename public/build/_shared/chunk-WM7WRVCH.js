function n(r){return r.reduce((t,e)=>t+e.quantity*e.unitPrice,0)}export{n as a};
//# sourceMappingURL=/build/_shared/chunk-WM7WRVCH.js.map
