import { describe, expect, it } from 'vitest';
import { FormError, parseStripeForm } from './form';

describe("Stripe's bracket-notation forms", () => {
  it('nest hashes and index arrays as stripe-node writes them', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_x&line_items[0][quantity]=1&metadata[account_id]=a1' +
      '&subscription_data[metadata][x]=y&expand[0]=subscription&expand[1]=customer';
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_x', quantity: '1' }],
      metadata: { account_id: 'a1' },
      subscription_data: { metadata: { x: 'y' } },
      expand: ['subscription', 'customer'],
    });
  });

  it('read `key[]` as appending, encoded brackets as brackets, and `+` and %-escapes as the characters they stand for', () => {
    expect(parseStripeForm('expand[]=subscription&expand[]=customer')).toEqual({ expand: ['subscription', 'customer'] });
    expect(parseStripeForm('metadata%5Bnote%5D=two+words%20%26%20more')).toEqual({ metadata: { note: 'two words & more' } });
    expect(parseStripeForm('success_url=https%3A%2F%2Fa.test%2Fdone%3Fs%3D%7BCHECKOUT_SESSION_ID%7D')).toEqual({
      success_url: 'https://a.test/done?s={CHECKOUT_SESSION_ID}',
    });
  });

  it('order arrays by index whatever order the pairs come in, and keep an empty value (which clears a field)', () => {
    expect(parseStripeForm('items[1][price]=b&items[0][price]=a&metadata=')).toEqual({
      items: [{ price: 'a' }, { price: 'b' }],
      metadata: '',
    });
  });

  it('refuse a name that is both a value and a hash, and malformed names or escapes', () => {
    expect(() => parseStripeForm('metadata=x&metadata[a]=b')).toThrow(FormError);
    expect(() => parseStripeForm('a[b=c')).toThrow(FormError);
    expect(() => parseStripeForm('[a]=c')).toThrow(FormError);
    expect(() => parseStripeForm('a=%E0%A4%A')).toThrow(FormError);
  });
});
