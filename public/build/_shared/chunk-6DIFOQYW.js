var e=["Ordered","Processed","Shipped","Out for delivery","Delivered","Cancelled","Refunded"];var t="Shipped";var r={REQUESTED:"Requested (PhonePe not yet answered)",PENDING:"Pending at PhonePe",CONFIRMED:"Confirmed by PhonePe",COMPLETED:"Completed",FAILED:"Failed: settle it with the customer"};export{e as a,t as b,r as c};
//# sourceMappingURL=/build/_shared/chunk-6DIFOQYW.js.map
