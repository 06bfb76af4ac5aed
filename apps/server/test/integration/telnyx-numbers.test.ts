import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelnyxSimulator, type TelnyxSimulator } from '@test-support/carriers/telnyx';
import { CarrierRefused, CarrierUnavailable } from '../../src/lines/carriers/carrier';
import { type TelnyxSettings } from '../../src/lines/carriers/telnyx';
import { orderTelnyxNumber, releaseTelnyxNumber, searchTelnyxNumbers } from '../../src/lines/carriers/telnyx-numbers';

// Searching, ordering and releasing Telnyx numbers, against the simulator that follows Telnyx's
// reference (GET /v2/available_phone_numbers, POST /v2/number_orders, GET /v2/phone_numbers, DELETE /v2/phone_numbers/{id}).
let simulator: TelnyxSimulator;

beforeAll(async () => {
  simulator = await startTelnyxSimulator();
});
afterAll(async () => {
  await simulator?.close();
});

const settings = (overrides: Partial<TelnyxSettings> = {}): TelnyxSettings => ({
  apiUrl: simulator.url,
  apiV2Key: simulator.apiKey,
  connectionId: simulator.connectionId,
  publicKey: simulator.publicKey,
  ...overrides,
});

/** A number for sale in that area code, found as the back office finds it (Telnyx sells only searched numbers). */
async function searchedNumber(areaCode: string): Promise<string> {
  const [found] = await searchTelnyxNumbers(settings(), { country: 'US', areaCode, limit: 1 });
  if (!found) throw new Error(`no number for sale in ${areaCode}`);
  return found.number;
}

const owned = (number: string) => simulator.ownedNumbers.find((n) => n.phone_number === number);
const forSale = (number: string) => simulator.availableNumbers.some((n) => n.phoneNumber === number);

describe('Telnyx numbers', () => {
  it('searches fax numbers by country and area code: at most the limit, each in the area, with region, locality and price', async () => {
    const five = await searchTelnyxNumbers(settings(), { country: 'US', areaCode: '212', limit: 5 });
    expect(five).toHaveLength(5);
    for (const found of five)
      expect(found).toEqual({
        number: expect.stringMatching(/^\+1212\d{7}$/),
        country: 'US',
        region: 'NY',
        locality: 'NEW YORK CITY',
        monthlyPrice: '1.00 USD',
      });
    expect(new Set(five.map((found) => found.number)).size).toBe(5);

    // Eight 212 numbers are for sale: Telnyx fills up with nearby 646 numbers (best effort), which are not what was asked.
    const all = await searchTelnyxNumbers(settings(), { country: 'us', areaCode: '212', limit: 20 });
    expect(all).toHaveLength(8);
    expect(all.every((found) => found.number.startsWith('+1212'))).toBe(true);
    const search = simulator.requestLog.filter((r) => r.path === '/v2/available_phone_numbers');
    expect(search.map((r) => r.status)).toEqual([200, 200]);

    // Two of the six 415 numbers cannot take faxes: they are not offered.
    const sanFrancisco = await searchTelnyxNumbers(settings(), { country: 'US', areaCode: '415', limit: 10 });
    const noFax = simulator.availableNumbers.filter((n) => n.nationalDestinationCode === '415' && !n.features.includes('fax'));
    expect(noFax).toHaveLength(2);
    expect(sanFrancisco).toHaveLength(4);
    expect(sanFrancisco.some((found) => noFax.some((n) => n.phoneNumber === found.number))).toBe(false);

    const london = await searchTelnyxNumbers(settings(), { country: 'GB', areaCode: '20', limit: 3 });
    expect(london).toEqual(
      Array(3).fill({
        number: expect.stringMatching(/^\+4420\d{8}$/),
        country: 'GB',
        region: null,
        locality: 'London',
        monthlyPrice: '1.50 USD',
      }),
    );
    const toronto = await searchTelnyxNumbers(settings(), { country: 'CA', areaCode: '416', limit: 10 });
    expect(toronto.map((found) => [found.number.slice(0, 5), found.region, found.locality])).toEqual(
      Array(4).fill(['+1416', 'ON', 'TORONTO']),
    );
    expect(await searchTelnyxNumbers(settings(), { country: 'FR', limit: 10 })).toHaveLength(3);
    expect(await searchTelnyxNumbers(settings(), { country: 'US', areaCode: '999', limit: 10 })).toEqual([]);
  });

  it('refuses a search Telnyx refuses (a filter that is not one)', async () => {
    await expect(searchTelnyxNumbers(settings(), { country: 'USA', limit: 5 })).rejects.toThrow(CarrierRefused);
    await expect(searchTelnyxNumbers(settings(), { country: 'US', areaCode: '2l2', limit: 5 })).rejects.toThrow(
      /filter\[national_destination_code\] must be digits/,
    );
    await expect(searchTelnyxNumbers(settings(), { country: 'US', limit: 0 })).rejects.toThrow(CarrierRefused);
  });

  it("orders a number on the fax application's connection: it is the account's, active, and no longer for sale", async () => {
    const number = await searchedNumber('312');
    const { carrierNumberId } = await orderTelnyxNumber(settings(), number);

    expect(owned(number)).toMatchObject({ id: carrierNumberId, connection_id: simulator.connectionId, status: 'active' });
    expect(simulator.numberOrders.at(-1)).toMatchObject({
      status: 'success',
      connection_id: simulator.connectionId,
      phone_numbers: [{ phone_number: number, status: 'success' }],
    });
    // The order's phone_numbers carry ids of their own: the number's id is the account's record's.
    expect(simulator.numberOrders.at(-1)!.phone_numbers[0]!.id).not.toBe(carrierNumberId);
    expect(forSale(number)).toBe(false);
    const again = await searchTelnyxNumbers(settings(), { country: 'US', areaCode: '312', limit: 20 });
    expect(again.map((found) => found.number)).not.toContain(number);
  });

  it('refuses to order a number that is taken (ours already, bought by another account, or never searched)', async () => {
    const number = await searchedNumber('312');
    await orderTelnyxNumber(settings(), number);
    await expect(orderTelnyxNumber(settings(), number)).rejects.toThrow(/is not available for purchase/);

    const other = await searchedNumber('312');
    simulator.takeNumber(other);
    await expect(orderTelnyxNumber(settings(), other)).rejects.toThrow(CarrierRefused);
    expect(owned(other)).toBeUndefined();

    const unsearched = simulator.availableNumbers.find((n) => n.nationalDestinationCode === '604')!.phoneNumber;
    await expect(orderTelnyxNumber(settings(), unsearched)).rejects.toThrow(/recent search/);
    expect(owned(unsearched)).toBeUndefined();
    expect(forSale(unsearched)).toBe(true);
  });

  it('refuses an order Telnyx fails, and takes the id of a number whose order is still pending', async () => {
    const failing = await searchedNumber('415');
    simulator.orderOutcomeFor(failing, 'failure');
    await expect(orderTelnyxNumber(settings(), failing)).rejects.toThrow(CarrierRefused);
    expect(simulator.numberOrders.at(-1)!.status).toBe('failure');

    const pending = await searchedNumber('415');
    simulator.orderOutcomeFor(pending, 'pending');
    const { carrierNumberId } = await orderTelnyxNumber(settings(), pending);
    expect(simulator.numberOrders.at(-1)!.status).toBe('pending');
    expect(owned(pending)).toMatchObject({ id: carrierNumberId, status: 'purchase-pending', connection_id: simulator.connectionId });
    const orderId = simulator.numberOrders.at(-1)!.id;
    // It was looked at again while pending, then the number was found in the account.
    const looks = simulator.requestLog.filter((r) => r.method === 'GET' && r.path === `/v2/number_orders/${orderId}`);
    expect(looks.length).toBeGreaterThanOrEqual(2);
  });

  it('releases a number: it is gone, and releasing it again is no error', async () => {
    const number = await searchedNumber('212');
    const ordered = await orderTelnyxNumber(settings(), number);
    await releaseTelnyxNumber(settings(), { number, carrierNumberId: ordered.carrierNumberId });

    expect(owned(number)).toBeUndefined();
    expect(simulator.releasedNumbers.find((n) => n.phone_number === number)).toMatchObject({
      id: ordered.carrierNumberId,
      status: 'deleted',
    });
    const view = await fetch(`${simulator.url}/v2/phone_numbers/${ordered.carrierNumberId}`, {
      headers: { authorization: `Bearer ${simulator.apiKey}` },
    });
    expect(view.status).toBe(404);

    await releaseTelnyxNumber(settings(), { number, carrierNumberId: ordered.carrierNumberId });
    const deletes = simulator.requestLog.filter((r) => r.method === 'DELETE' && r.path === `/v2/phone_numbers/${ordered.carrierNumberId}`);
    expect(deletes.map((r) => r.status)).toEqual([200, 404]);
  });

  it('after a refused release, looks whether the number is still there under its id: only then is it refused', async () => {
    const number = await searchedNumber('212');
    const ordered = await orderTelnyxNumber(settings(), number);
    // An id the account has no number under (404): nothing is there to release.
    await expect(releaseTelnyxNumber(settings(), { number, carrierNumberId: '1' })).resolves.toBeUndefined();
    simulator.failNextRequests(422, 1, { method: 'DELETE' });
    await expect(releaseTelnyxNumber(settings(), { number, carrierNumberId: ordered.carrierNumberId })).rejects.toThrow(CarrierRefused);
    expect(owned(number)).toMatchObject({ id: ordered.carrierNumberId, status: 'active' });
  });

  it('is refused with a wrong key, whatever it asks', async () => {
    const number = await searchedNumber('212');
    const wrong = settings({ apiV2Key: 'KEYnot-the-account' });
    await expect(searchTelnyxNumbers(wrong, { country: 'US', areaCode: '212', limit: 5 })).rejects.toThrow(CarrierRefused);
    await expect(orderTelnyxNumber(wrong, number)).rejects.toThrow(/refused the request \(401\)/);
    expect(owned(number)).toBeUndefined();

    const ordered = await orderTelnyxNumber(settings(), number);
    await expect(releaseTelnyxNumber(wrong, { number, carrierNumberId: ordered.carrierNumberId })).rejects.toThrow(CarrierRefused);
    expect(owned(number)).toBeDefined();
  });

  it('tells an outage (503) from a refusal, and changes nothing', async () => {
    simulator.failNextRequests(503);
    await expect(searchTelnyxNumbers(settings(), { country: 'US', areaCode: '212', limit: 5 })).rejects.toThrow(CarrierUnavailable);

    const number = await searchedNumber('212');
    const orders = simulator.numberOrders.length;
    simulator.failNextRequests(503, 1, { method: 'POST', path: '/v2/number_orders' });
    await expect(orderTelnyxNumber(settings(), number)).rejects.toThrow(CarrierUnavailable);
    expect(simulator.numberOrders).toHaveLength(orders);
    expect(forSale(number)).toBe(true);

    const ordered = await orderTelnyxNumber(settings(), number);
    simulator.failNextRequests(503, 1, { method: 'DELETE' });
    await expect(releaseTelnyxNumber(settings(), { number, carrierNumberId: ordered.carrierNumberId })).rejects.toThrow(CarrierUnavailable);
    expect(owned(number)).toBeDefined();
    await releaseTelnyxNumber(settings(), { number, carrierNumberId: ordered.carrierNumberId });
    expect(owned(number)).toBeUndefined();
  });
});
