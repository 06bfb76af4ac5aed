/**
 * What Faxline asks of a carrier that takes port orders (decision 113): numbers a customer holds with another provider
 * brought onto the carrier, with the holder's details as on the bill, the bill and the signed letter of authorisation.
 * A carrier without a porting API leaves `portOrders` out of its adapter, and the back office works requests by hand.
 */
export type PortOrders = {
  /** Creates the port order, hands it its documents and details, and submits it; returns the carrier's id of it. */
  submit(order: PortOrderRequest): Promise<{ orderId: string; status: string }>;
  /** Where the order is now, in Faxline's words and the carrier's. */
  statusOf(orderId: string): Promise<PortOrderStatus>;
  /** Withdraws the order (a request rejected in the back office); an order already ended is left as it is. */
  cancel(orderId: string): Promise<void>;
  /** The carrier's id of a number once ported (what giving it back needs), or null while the carrier does not list it. */
  numberIdOf(number: string): Promise<string | null>;
};

export type PortOrderRequest = {
  numbers: string[];
  holder: {
    name: string;
    accountNumber: string;
    pin: string;
    street: string;
    city: string;
    region: string;
    postalCode: string;
    country: string;
  };
  /** Who signed the letter of authorisation. */
  authorisedPerson: string;
  loa: { fileName: string; bytes: Uint8Array };
  bill: { fileName: string; bytes: Uint8Array };
  /** The day the customer asked the numbers to move (YYYY-MM-DD), when they did. */
  requestedDate: string | null;
  /** Faxline's id of the request, given to the carrier as its reference. */
  reference: string;
};

export type PortOrderStatus = {
  /** pending: with the carrier or the losing provider; scheduled: a date is confirmed; then ported, or it stopped. */
  kind: 'pending' | 'scheduled' | 'ported' | 'exception' | 'cancelled';
  /** The carrier's own status (kept and shown to the back office). */
  carrierStatus: string;
  /** The confirmed day the numbers move (YYYY-MM-DD), once the carrier has one. */
  portDate: string | null;
  /** The carrier's words on an exception. */
  detail: string | null;
};
