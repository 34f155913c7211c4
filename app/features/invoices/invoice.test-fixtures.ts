/** Orders and a dealer for the tests of tax documents (the builders, the PDF, the page). */
import type { OrderFacts, OrderLineFacts, Supplier } from "./invoice";

export const SUPPLIER: Supplier = {
  legalName: "Kaveri Computer Systems Private Limited",
  tradeName: "Kaveri Computers",
  gstin: "29AAACK1234F1ZW",
  address: ["No. 14, 2nd Floor, S.P. Road", "Bengaluru, Karnataka 560002"],
  state: "Karnataka",
  stateCode: "29",
};

export const LAPTOP: OrderLineFacts = {
  title: "Lenovo ThinkPad E14 Gen 5",
  colourName: "Graphite Black",
  hsn: "84713010",
  rate: 18,
  quantity: 1,
  unitPrice: 43_500_00,
};

export const MOUSE: OrderLineFacts = {
  title: "Logitech M331 Silent Mouse",
  colourName: "Black",
  hsn: "84716060",
  rate: 18,
  quantity: 2,
  unitPrice: 500_00,
};

/** Delivered in Bengaluru: Rs. 43,500 + 2 × Rs. 500 + Rs. 600 delivery = Rs. 45,100, paid with PhonePe. */
export const ORDER_IN_KARNATAKA: OrderFacts = {
  id: 123,
  reference: "KC-7F3A9Q",
  paymentMethod: "PhonePe",
  lines: [LAPTOP, MOUSE],
  shippingFee: 600_00,
  codFee: 0,
  address: {
    firstname: "Asha",
    lastname: "Rao",
    address: "221, 5th Cross, Jayanagar 4th Block",
    other: "Near Ganesha Temple",
    city: "Bengaluru",
    state: "Karnataka",
    pincode: "560011",
    country: "India",
  },
  businessName: null,
  gstin: null,
};

/** Delivered in Chennai to a business that gave its GSTIN, cash on delivery. */
export const ORDER_IN_TAMIL_NADU: OrderFacts = {
  ...ORDER_IN_KARNATAKA,
  id: 124,
  reference: "KC-2B8M4T",
  paymentMethod: "Cash on delivery",
  codFee: 50_00,
  address: {
    firstname: "Karthik",
    lastname: "Subramanian",
    address: "18, Dr. Radhakrishnan Salai, Mylapore",
    city: "Chennai",
    state: "Tamil Nadu",
    pincode: "600004",
    country: "India",
  },
  businessName: "Mylai Softech LLP",
  gstin: "33ABCDE5678G1ZH",
};

export const INVOICE_NUMBER = { number: "KC/26-27/000123", issuedOn: "2026-11-25" };
export const CREDIT_NOTE_NUMBER = { number: "CN/26-27/000007", issuedOn: "2026-12-02" };
