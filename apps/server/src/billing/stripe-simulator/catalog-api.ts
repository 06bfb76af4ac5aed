import { createCoupon, createPrice, createProduct, deleteCoupon, releaseLookupKey } from './catalog';
import { invalidParam, missingParam } from './errors';
import { recordUpdate, snapshot } from './events';
import { pageOf } from './list';
import * as param from './params';
import { route, type ApiRoute } from './router';

/** Products, prices and coupons: `/v1/products`, `/v1/prices`, `/v1/coupons`. */
export const catalogRoutes: ApiRoute[] = [
  route('POST', '/v1/products', ({ store, params }) => {
    param.rejectUnknownParams(params, ['id', 'name', 'description', 'active', 'metadata']);
    return createProduct(store, {
      id: param.optionalString(params, 'id'),
      name: param.requiredString(params, 'name'),
      description: param.optionalString(params, 'description'),
      active: param.optionalBoolean(params, 'active'),
      metadata: param.mergedMetadata({}, params),
    });
  }),
  route('GET', '/v1/products/:id', ({ store, path }) => store.products.find(path.id!)),
  route('POST', '/v1/products/:id', ({ store, params, path }) => {
    param.rejectUnknownParams(params, ['name', 'description', 'active', 'metadata']);
    const product = store.products.find(path.id!);
    const before = snapshot(product);
    product.name = param.optionalString(params, 'name') || product.name;
    product.description = param.optionalString(params, 'description') ?? product.description;
    product.active = param.optionalBoolean(params, 'active') ?? product.active;
    product.metadata = param.mergedMetadata(product.metadata, params);
    product.updated = store.clock.seconds();
    recordUpdate(store, 'product.updated', before, product);
    return product;
  }),
  route('GET', '/v1/products', ({ store, params }) => {
    const active = param.optionalBoolean(params, 'active');
    const ids = param.optionalStringArray(params, 'ids');
    const products = store.products
      .all()
      .filter((product) => (active === undefined || product.active === active) && (!ids || ids.includes(product.id)));
    return pageOf(products, params, '/v1/products');
  }),

  route('POST', '/v1/prices', ({ store, params }) => {
    param.rejectUnknownParams(params, [
      'product',
      'product_data',
      'unit_amount',
      'currency',
      'recurring',
      'lookup_key',
      'transfer_lookup_key',
      'nickname',
      'active',
      'metadata',
    ]);
    const unitAmount = param.optionalInteger(params, 'unit_amount');
    if (unitAmount === undefined) throw missingParam('unit_amount');
    if (unitAmount < 0) throw invalidParam('unit_amount', 'unit_amount must be at least 0.');
    const productData = param.optionalObject(params, 'product_data');
    const productId = param.optionalString(params, 'product');
    if (!productId && !productData) throw missingParam('product');
    const recurring = param.optionalObject(params, 'recurring');
    return createPrice(store, {
      product: productId ?? {
        name: param.requiredString(productData!, 'name', 'product_data[name]'),
        metadata: param.mergedMetadata({}, productData!),
      },
      currency: param.requiredString(params, 'currency'),
      unitAmount,
      interval: recurring
        ? param.oneOf(param.requiredString(recurring, 'interval', 'recurring[interval]'), ['month', 'year'], 'recurring[interval]')
        : undefined,
      intervalCount: recurring ? param.optionalInteger(recurring, 'interval_count', 'recurring[interval_count]') : undefined,
      lookupKey: param.optionalString(params, 'lookup_key'),
      transferLookupKey: param.optionalBoolean(params, 'transfer_lookup_key'),
      nickname: param.optionalString(params, 'nickname'),
      active: param.optionalBoolean(params, 'active'),
      metadata: param.mergedMetadata({}, params),
    });
  }),
  route('GET', '/v1/prices/:id', ({ store, path }) => store.prices.find(path.id!)),
  route('POST', '/v1/prices/:id', ({ store, params, path }) => {
    param.rejectUnknownParams(params, ['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata']);
    const price = store.prices.find(path.id!);
    const before = snapshot(price);
    const lookupKey = param.optionalString(params, 'lookup_key');
    if (lookupKey !== undefined && lookupKey !== price.lookup_key) {
      releaseLookupKey(store, lookupKey, param.optionalBoolean(params, 'transfer_lookup_key') ?? false);
      price.lookup_key = lookupKey === '' ? null : lookupKey;
    }
    price.active = param.optionalBoolean(params, 'active') ?? price.active;
    price.nickname = param.optionalString(params, 'nickname') ?? price.nickname;
    price.metadata = param.mergedMetadata(price.metadata, params);
    recordUpdate(store, 'price.updated', before, price);
    return price;
  }),
  route('GET', '/v1/prices', ({ store, params }) => {
    const product = param.optionalString(params, 'product');
    const active = param.optionalBoolean(params, 'active');
    const lookupKeys = param.optionalStringArray(params, 'lookup_keys');
    const type = param.optionalString(params, 'type');
    const currency = param.optionalString(params, 'currency');
    const prices = store.prices
      .all()
      .filter((price) => product === undefined || price.product === product)
      .filter((price) => active === undefined || price.active === active)
      .filter((price) => !lookupKeys || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key)))
      .filter((price) => type === undefined || price.type === type)
      .filter((price) => currency === undefined || price.currency === currency.toLowerCase());
    return pageOf(prices, params, '/v1/prices');
  }),

  route('POST', '/v1/coupons', ({ store, params }) => {
    param.rejectUnknownParams(params, [
      'id',
      'name',
      'percent_off',
      'amount_off',
      'currency',
      'duration',
      'duration_in_months',
      'max_redemptions',
      'redeem_by',
      'metadata',
    ]);
    const percentOff = param.optionalString(params, 'percent_off');
    if (percentOff !== undefined && !/^\d+(\.\d+)?$/.test(percentOff)) throw invalidParam('percent_off', `Invalid decimal: ${percentOff}`);
    return createCoupon(store, {
      id: param.optionalString(params, 'id'),
      name: param.optionalString(params, 'name'),
      percentOff: percentOff === undefined ? undefined : Number(percentOff),
      amountOff: param.optionalInteger(params, 'amount_off'),
      currency: param.optionalString(params, 'currency'),
      duration: param.oneOf(param.optionalString(params, 'duration'), ['once', 'forever', 'repeating'], 'duration') ?? 'once',
      durationInMonths: param.optionalInteger(params, 'duration_in_months'),
      maxRedemptions: param.optionalInteger(params, 'max_redemptions'),
      redeemBy: param.optionalInteger(params, 'redeem_by'),
      metadata: param.mergedMetadata({}, params),
    });
  }),
  route('GET', '/v1/coupons/:id', ({ store, path }) => store.coupons.find(path.id!)),
  route('DELETE', '/v1/coupons/:id', ({ store, path }) => deleteCoupon(store, path.id!)),
  route('GET', '/v1/coupons', ({ store, params }) => pageOf(store.coupons.all(), params, '/v1/coupons')),
];
