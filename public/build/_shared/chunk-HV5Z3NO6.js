var e=["new","refurbished","rental"],r={new:"New",refurbished:"Refurbished",rental:"Rental"},t=["featured","special","popular"],o={featured:"Featured",special:"Special",popular:"Popular"};var a="/images/products/fallback.svg";export{e as a,r as b,t as c,o as d,a as e};
//# sourceMappingURL=/build/_shared/chunk-HV5Z3NO6.js.map
