import { describe, expect, it } from 'vitest';
import { slackMessage, teamsMessage } from './chat-formats';
import type { TChatNotice } from './chat-notice';

const notice = (title: string, value: string): TChatNotice => ({
  language: 'en',
  title,
  facts: [{ label: 'To', value }],
  note: null,
  link: { label: 'Open the fax', url: 'https://faxline.test/user/fax-history?fax=1' },
});

describe('chat message formats', () => {
  it('escapes what Slack’s mrkdwn would read as a link or a mention', () => {
    const message = slackMessage(notice('Fax to <Smith & Co> delivered', '<!channel> & <https://x.test|y>')) as {
      blocks: { fields?: { text: string }[] }[];
    };
    expect(message.blocks[1]!.fields![0]!.text).toBe('*To*\n&lt;!channel&gt; &amp; &lt;https://x.test|y&gt;');
  });

  it('keeps a Slack header within its 150 characters', () => {
    const message = slackMessage(notice('x'.repeat(200), 'y')) as { text: string; blocks: { text?: { text: string } }[] };
    expect(message.blocks[0]!.text!.text).toHaveLength(150);
    expect(message.text).toHaveLength(200);
  });

  it('gives Teams one Adaptive Card whose only action opens the link', () => {
    const message = teamsMessage(notice('Fax to Smith delivered', 'Smith')) as {
      attachments: { content: { actions: unknown[]; body: { type: string }[] } }[];
    };
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]!.content.body.map((block) => block.type)).toEqual(['TextBlock', 'FactSet']);
    expect(message.attachments[0]!.content.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open the fax', url: 'https://faxline.test/user/fax-history?fax=1' },
    ]);
  });
});
