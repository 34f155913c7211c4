/** The dealer's own details, shown in the header, footer, contact page and e-mails. */
export const shop = {
  name: "Kaveri Computers",
  legalName: "Kaveri Computers Private Limited",
  hotline: "+91 80 4125 6789",
  hotlineHref: "tel:+918041256789",
  email: "support@kavericomputers.in",
  address: ["No. 42, 1st Floor, Sree Lakshmi Complex", "SP Road, Bengaluru", "Karnataka 560002, India"],
  city: "Bengaluru",
  social: { label: "Kaveri Computers on Instagram", href: "https://www.instagram.com/kavericomputers" },
  openingHours: "Monday to Friday, 10 AM to 8 PM",
  yearsServing: 12,
} as const;
