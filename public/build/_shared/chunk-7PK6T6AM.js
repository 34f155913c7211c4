var t={home:70,store:80,special:20},e=4;function r(o){return Number.isInteger(o)&&o>=1&&o<=10}export{t as a,e as b,r as c};
//# sourceMappingURL=/build/_shared/chunk-7PK6T6AM.js.map
