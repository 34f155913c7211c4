import{a as o}from"/build/_shared/chunk-MVBFV2FC.js";import{z as n}from"/build/_shared/chunk-IIBSSWWG.js";import{d as t}from"/build/_shared/chunk-MOBXQPLJ.js";var r=t(n(),1);function u(){return(0,r.jsx)(o,{})}function e(){return(0,r.jsx)(o,{})}export{e as ErrorBoundary,u as default};
//# sourceMappingURL=/build/routes/$-RCGUS7QP.js.map
