/** What the "Check delivery" box shows: the shopper's PIN code and what the shop promises it, in words. */
export type DeliveryCheck = {
  /** The PIN code as typed or remembered, to put back in the field. */
  pin: string;
  /** The field's message when what was typed is not a PIN code. */
  error?: string;
  answer?:
    | { served: false; message: string }
    | {
        served: true;
        /** "Chennai, Tamil Nadu", when India Post's directory knows the PIN code. */
        place?: string;
        deliverBy: string;
        orderWithin?: string;
        express?: { deliverBy: string; fee: number };
        cashOnDelivery: boolean;
      };
};
