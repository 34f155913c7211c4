var t={title:200,description:1e4,brand:60,category:60,colourName:40,alt:200,maxPricePaise:2e8,maxStock:1e5,images:12},o={title:150,category:40,description:2e4},e={subject:150,message:5e3},s=60,c=4,r=40,_=500;export{t as a,o as b,e as c,s as d,c as e,r as f,_ as g};
//# sourceMappingURL=/build/_shared/chunk-AGHLGN4V.js.map
