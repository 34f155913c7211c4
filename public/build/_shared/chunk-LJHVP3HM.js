var f=100;function c(n,r={}){let e={...n,...r},t=new URLSearchParams;return e.status&&t.set("status",e.status),e.from&&t.set("from",e.from),e.to&&t.set("to",e.to),e.q&&t.set("q",e.q),e.page>1&&t.set("page",String(e.page)),t.toString()}var o={phonepe:"PhonePe",cod:"Cash on delivery"},y=o.cod;export{f as a,c as b};
//# sourceMappingURL=/build/_shared/chunk-LJHVP3HM.js.map
