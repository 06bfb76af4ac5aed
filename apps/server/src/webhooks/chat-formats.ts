import type { TChatApp } from '@faxline/shared';
import type { TChatNotice } from './chat-notice';

/** Slack's limit on a header block's text, in characters. */
const SLACK_HEADER_MAX = 150;

/** Slack's mrkdwn treats these three as control characters; its documentation asks for them escaped. */
const slackEscaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A Slack incoming webhook's message (Block Kit): `text` is the notification's and the fallback's line, the blocks
 * show the title, the facts as fields, the note and a button to the fax. Links are not unfurled, so Slack fetches
 * nothing from the portal.
 */
export function slackMessage(notice: TChatNotice): object {
  const title = notice.title.length > SLACK_HEADER_MAX ? `${notice.title.slice(0, SLACK_HEADER_MAX - 1)}…` : notice.title;
  return {
    text: notice.title,
    unfurl_links: false,
    unfurl_media: false,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: title, emoji: false } },
      ...(notice.facts.length > 0
        ? [
            {
              type: 'section',
              fields: notice.facts.map((fact) => ({ type: 'mrkdwn', text: `*${slackEscaped(fact.label)}*\n${slackEscaped(fact.value)}` })),
            },
          ]
        : []),
      ...(notice.note ? [{ type: 'context', elements: [{ type: 'plain_text', text: notice.note, emoji: false }] }] : []),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: notice.link.label, emoji: false }, url: notice.link.url }],
      },
    ],
  };
}

/**
 * A Microsoft Teams incoming webhook's message: one Adaptive Card (1.4) in a `message` activity, the form both the
 * Office 365 connector's webhooks and the Workflows' "when a Teams webhook request is received" take.
 */
export function teamsMessage(notice: TChatNotice): object {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          lang: notice.language,
          body: [
            { type: 'TextBlock', text: notice.title, weight: 'Bolder', size: 'Medium', wrap: true, style: 'heading' },
            ...(notice.facts.length > 0
              ? [{ type: 'FactSet', facts: notice.facts.map(({ label, value }) => ({ title: label, value })) }]
              : []),
            ...(notice.note ? [{ type: 'TextBlock', text: notice.note, isSubtle: true, wrap: true }] : []),
          ],
          actions: [{ type: 'Action.OpenUrl', title: notice.link.label, url: notice.link.url }],
        },
      },
    ],
  };
}

/** The body sent to a chat app's incoming webhook. */
export function chatMessageBody(app: TChatApp, notice: TChatNotice): string {
  return JSON.stringify(app === 'slack' ? slackMessage(notice) : teamsMessage(notice));
}
