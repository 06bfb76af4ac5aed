/** A payment provider's simulator (Stripe's or PayPal's), which logs each delivery of its webhooks to Faxline. */
type DeliveringSimulator = { deliveries(): Array<{ eventId: string; status: number | null }> };

/** Faxline's HTTP answer to each delivery of one event, in order (null: Faxline could not be reached). */
export function answersTo(simulator: DeliveringSimulator, eventId: string): Array<number | null> {
  return simulator
    .deliveries()
    .filter((delivery) => delivery.eventId === eventId)
    .map((delivery) => delivery.status);
}
