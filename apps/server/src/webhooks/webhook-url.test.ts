import { MAX_WEBHOOK_DESCRIPTION_LENGTH, MAX_WEBHOOK_URL_LENGTH } from '@faxline/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config';
import type { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import { checkChatNoticeUrl, checkWebhookUrl, refusalOf } from './webhook-url';

const production = { webhooks: { privateAddresses: false, httpsOnly: true } };
const development = { webhooks: { privateAddresses: true, httpsOnly: false } };

const codeOf = (value: string, config = production) => {
  try {
    checkWebhookUrl(value, config);
    return null;
  } catch (error) {
    return (error as AppError).messageKey;
  }
};

describe('webhook URLs when they are saved', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]:8443/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://192.168.1.20/hook',
    'https://localhost:8443/hook',
    'https://receiver.localhost/hook',
  ])('refuses %s in production', (url) => {
    expect(codeOf(url)).toBe('errors.webhookAddressRefused');
  });

  it('asks for https in production, and takes http on this machine in development and tests', () => {
    expect(codeOf('http://hooks.example.com/faxline')).toBe('errors.webhookUrlNotHttps');
    expect(codeOf('https://hooks.example.com/faxline')).toBeNull();
    expect(codeOf('https://203.0.113.9/hook')).toBe('errors.webhookAddressRefused');
    expect(codeOf('https://8.8.8.8/hook')).toBeNull();
    expect(codeOf('http://127.0.0.1:4000/hook', development)).toBeNull();
    expect(codeOf('ftp://hooks.example.com/', development)).toBe('errors.webhookUrlNotHttps');
  });

  it('refuses credentials in the URL (every list would show them)', () => {
    expect(codeOf('https://user:secret@hooks.example.com/')).toBe('errors.webhookUrlInvalid');
  });

  it('says in words why a try was refused, for the delivery log', () => {
    expect(refusalOf(new URL('https://10.0.0.1/'), production)?.words).toBe('refused: 10.0.0.1 is not a public internet address');
  });

  it('follows the configuration: private addresses allowed in development and tests only, never in production', () => {
    const secrets = { AUTH_SECRET: 'x'.repeat(40), FILES_MASTER_KEY: Buffer.alloc(32, 1).toString('base64') };
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks).toEqual({ privateAddresses: true, httpsOnly: false });
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks).toEqual({ privateAddresses: true, httpsOnly: false });
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOK_PRIVATE_ADDRESSES: 'false' }).webhooks.privateAddresses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).webhooks).toEqual({ privateAddresses: false, httpsOnly: true });
    expect(() => loadConfig({ NODE_ENV: 'production', ...secrets, WEBHOOK_PRIVATE_ADDRESSES: 'true' })).toThrow(
      /WEBHOOK_PRIVATE_ADDRESSES is for tests and development/,
    );
  });

  it.each(['en', 'es', 'fr'] as const)('names the contract’s limits in its messages (%s)', (language) => {
    const t = translator(language);
    expect(t('errors.webhookDescriptionTooLong')).toContain(String(MAX_WEBHOOK_DESCRIPTION_LENGTH));
    expect(t('errors.webhookUrlInvalid')).toContain(String(MAX_WEBHOOK_URL_LENGTH));
  });
});

describe('chat notice URLs', () => {
  const chatCodeOf = (value: string, app: 'slack' | 'teams', config = production) => {
    try {
      checkChatNoticeUrl(value, app, config);
      return null;
    } catch (error) {
      return (error as AppError).messageKey;
    }
  };

  it.each([
    ['slack', 'https://hooks.slack.com/services/T000/B000/XXXX'],
    ['teams', 'https://contoso.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d'],
    ['teams', 'https://prod-27.westus.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?api-version=2016-06-01&sig=x'],
    [
      'teams',
      'https://default1a2b.3c.environment.api.powerplatform.com:443/powerautomate/automations/direct/workflows/abc/triggers/manual/paths/invoke?sig=x',
    ],
  ] as const)('takes a %s URL in production: %s', (app, url) => {
    expect(chatCodeOf(url, app)).toBeNull();
  });

  it.each([
    ['slack', 'https://hooks.slack.com.evil.example/services/x', 'errors.chatNoticeUrlNotSlack'],
    ['slack', 'https://contoso.webhook.office.com/webhookb2/x', 'errors.chatNoticeUrlNotSlack'],
    ['teams', 'https://webhook.office.com.evil.example/x', 'errors.chatNoticeUrlNotTeams'],
    ['teams', 'https://logic.azure.com.example/x', 'errors.chatNoticeUrlNotTeams'],
    ['slack', 'http://hooks.slack.com/services/x', 'errors.webhookUrlNotHttps'],
    ['slack', 'https://127.0.0.1/services/x', 'errors.webhookAddressRefused'],
    ['teams', 'http://127.0.0.1:8080/teams', 'errors.webhookUrlNotHttps'],
  ] as const)('refuses a %s notice to %s in production', (app, url, code) => {
    expect(chatCodeOf(url, app)).toBe(code);
  });

  it('lets development and tests point a notice at a receiver on this machine or network, not at another public host', () => {
    expect(chatCodeOf('http://127.0.0.1:8080/slack', 'slack', development)).toBeNull();
    expect(chatCodeOf('http://localhost:8080/teams', 'teams', development)).toBeNull();
    expect(chatCodeOf('http://192.168.1.20/teams', 'teams', development)).toBeNull();
    expect(chatCodeOf('http://93.184.216.34/slack', 'slack', development)).toBe('errors.chatNoticeUrlNotSlack');
    expect(chatCodeOf('https://example.com/slack', 'slack', development)).toBe('errors.chatNoticeUrlNotSlack');
  });
});
