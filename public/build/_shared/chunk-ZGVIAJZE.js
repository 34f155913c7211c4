import{z as t}from"/build/_shared/chunk-IIBSSWWG.js";import{d as n}from"/build/_shared/chunk-MOBXQPLJ.js";var e=n(t(),1);function a({html:l,className:s}){return(0,e.jsx)("div",{className:s,dangerouslySetInnerHTML:{__html:l}})}export{a};
//# sourceMappingURL=/build/_shared/chunk-ZGVIAJZE.js.map
