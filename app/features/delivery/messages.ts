/** What the delivery feature says to shoppers and staff; the texts the shop's rules fix (docs/shop-rules.md) are kept word for word. */

/** Delivery dates by PIN code (product page, cart, checkout). */
export const deliveryMessages = {
  pinInvalid: "Please enter a valid 6-digit PIN code",
  deliverBy: (day: string) => `Delivery by ${day}`,
  orderWithin: (timeLeft: string) => `Order within ${timeLeft} to get it by then.`,
  notServed: (pin: string) => `We do not deliver to ${pin} yet`,
  expressBy: (day: string) => `Express delivery by ${day}`,
  pinInOtherState: (pin: string, pinState: string, chosen: string) =>
    `PIN code ${pin} is in ${pinState}, not ${chosen}. Please check the PIN code or the state.`,
} as const;

/** A delivery address's form (checkout, a rental booking). */
export const addressMessages = {
  firstnameRequired: "First Name is Required",
  lastnameRequired: "Last Name is Required",
  addressRequired: "Address Details are Required",
  stateRequired: "State is Required",
  cityRequired: "City is Required",
  countryRequired: "Country is Required",
  /** "No custom message": the form library's default, below. */
  pincodeRequired: "pincode is a required field",
} as const;
