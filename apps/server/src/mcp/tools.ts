import { ZContactListQuery, type TLanguage } from '@faxline/shared';
import { ZV1FaxListQuery, ZV1FaxParams, ZV1SendFaxRequest } from '@faxline/shared/api-v1';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { Actor } from '../accounts/actor';
import { listContacts } from '../contacts/contacts';
import { faxTextOf } from '../fax-text/fax-text';
import { toPublicFax } from '../faxes/fax-view';
import { getFax } from '../faxes/get-fax';
import { listFaxPage } from '../faxes/list-fax-page';
import { sendFaxes, type SendFaxDeps } from '../faxes/send-fax';
import { toV1Fax, toV1FaxDetails } from '../faxes/v1-fax-view';
import { AppError } from '../platform/http/app-error';
import { translator } from '../platform/i18n/i18n';
import { requireScope, type ScopedCaller } from '../public-api/api-caller';
import { uploadsOfBase64 } from '../public-api/read-send-request';
import { readV1Send, v1SendInput } from '../public-api/v1-send';
import { agentSettingsOf, findAgentFax, holdAgentSend } from './agent-rules';

/** Who calls the MCP server: an app with an OAuth token, or a program with an API key, named for the audit trail. */
export type AgentCaller = ScopedCaller & { actor: Actor & { viaAgent: { name: string; clientId: string | null } } };

type ToolDeps = SendFaxDeps & { trustedOrigins: readonly string[]; language: TLanguage };

/** An answer as MCP says it: the JSON as text (for any model) and as structured content. */
const answer = (value: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
});

/**
 * The MCP server of one request (stateless Streamable HTTP): its tools and resources call the services /v1 calls,
 * with the caller's actor and scopes, and the account's rules for agents (approval, no contents).
 */
export function mcpServerFor(deps: ToolDeps, caller: AgentCaller): McpServer {
  const server = new McpServer({ name: 'faxline', version: '1.0.0' });
  const { actor } = caller;
  const { db } = deps;
  const language = (actor.user.language as TLanguage | null | undefined) ?? deps.language;
  const t = translator(language);
  const rules = () => agentSettingsOf(db, actor.member.accountId);

  /** A refusal the agent can read (and pass on): the translated message and its stable code. */
  const tool =
    <A>(run: (args: A) => Promise<Record<string, unknown>>) =>
    async (args: A): Promise<CallToolResult> => {
      try {
        return answer(await run(args));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return {
          isError: true,
          content: [{ type: 'text', text: JSON.stringify({ code: error.messageKey, message: t(error.messageKey, error.params) }) }],
        };
      }
    };

  server.registerTool(
    'send_fax',
    {
      title: 'Send a fax',
      description:
        'Sends a fax to one number (recipient) or several (recipients), with documents as base64 files or one https file_url. When the account requires approval, the fax waits for a person to approve it: the answer says so, with the id to ask about.',
      inputSchema: ZV1SendFaxRequest.shape,
    },
    tool(async (body: z.output<typeof ZV1SendFaxRequest>) => {
      requireScope(caller, 'faxes:write');
      const { recipients, uploads, sourceUrl } = readV1Send(body, uploadsOfBase64(body.files ?? []), deps.trustedOrigins);
      const send = v1SendInput({ language, body, actor, recipients, uploads, sourceUrl, channel: 'agent' });
      if ((await rules()).approvalRequired) {
        const held = await holdAgentSend(deps, actor, send);
        return { approval_id: held.id, status: 'waiting_for_approval', message: t('agents.faxWaiting'), to: recipients };
      }
      const sent = await sendFaxes(deps, { ...send, idempotencyKey: null });
      return { faxes: sent.faxes.map((fax) => ({ fax_id: fax.id, status: fax.status, to: fax.toNumber })) };
    }),
  );

  server.registerTool(
    'get_fax',
    {
      title: 'Get a fax and its status',
      description: 'A fax by its id (its status, pages, failure); or a fax waiting for approval by its approval_id.',
      inputSchema: ZV1FaxParams.shape,
    },
    tool(async ({ fax_id: id }: z.output<typeof ZV1FaxParams>) => {
      requireScope(caller, 'faxes:read');
      const held = await findAgentFax(db, actor.member.accountId, id).catch(() => null);
      if (held) return { approval_id: held.id, status: held.state, fax_ids: held.faxIds, to: held.recipients };
      const fax = await getFax(db, actor, id, { markRead: false });
      // What the fax says (its class, the fields read on it) is content: not for an agent the account forbids it.
      return (await rules()).contentsForbidden ? toV1Fax(fax, language) : toV1FaxDetails(fax, language);
    }),
  );

  server.registerTool(
    'list_faxes',
    {
      title: 'List and search faxes',
      description:
        'Faxes newest first, filtered by status, direction, numbers, dates and the words read on received faxes (text); next_cursor pages on.',
      inputSchema: ZV1FaxListQuery.shape,
    },
    tool(async (query: z.output<typeof ZV1FaxListQuery>) => {
      requireScope(caller, 'faxes:read');
      // Which faxes hold a word tells what they say: not for an agent the account forbids contents.
      if (query.text && (await rules()).contentsForbidden) throw new AppError('permission_denied', 'errors.agentContentsForbidden');
      const page = await listFaxPage(db, actor, query);
      return { data: page.rows.map((row) => toV1Fax(toPublicFax(row), language)), next_cursor: page.nextCursor };
    }),
  );

  server.registerTool(
    'list_contacts',
    {
      title: 'List contacts',
      description: "The account's address book, searched by name, number, company or e-mail.",
      inputSchema: ZContactListQuery.shape,
    },
    tool(async (query: z.output<typeof ZContactListQuery>) => {
      requireScope(caller, 'contacts:read');
      return listContacts(db, actor.member.accountId, query);
    }),
  );

  /** A received fax's words, or its metadata alone when the account forbids agents its contents. */
  async function faxTextFor(id: string) {
    requireScope(caller, 'faxes:read');
    if ((await rules()).contentsForbidden) {
      const fax = await getFax(db, actor, id, { markRead: false });
      return { fax: toV1Fax(fax, language), contents_withheld: true, message: t('agents.contentsForbidden') };
    }
    const { faxId, language: textLanguage, pages } = await faxTextOf(deps, actor, id);
    return { fax_id: faxId, language: textLanguage, pages, contents_withheld: false };
  }

  server.registerTool(
    'read_fax_text',
    { title: "Read a fax's text", description: 'The words read on each page of a fax (OCR).', inputSchema: ZV1FaxParams.shape },
    tool(({ fax_id: id }: z.output<typeof ZV1FaxParams>) => faxTextFor(id)),
  );

  server.registerResource(
    'received-fax',
    new ResourceTemplate('faxline://faxes/{fax_id}', {
      list: async () => {
        requireScope(caller, 'faxes:read');
        const page = await listFaxPage(db, actor, ZV1FaxListQuery.parse({ direction: 'inbound', limit: 50 }));
        return {
          resources: page.rows.map((row) => ({
            uri: `faxline://faxes/${row.id}`,
            name: `Fax from ${row.fromNumber ?? 'unknown'} (${row.createdAt.toISOString()})`,
            mimeType: 'application/json',
          })),
        };
      },
    }),
    { title: 'Received faxes', description: 'A received fax: its metadata and, when allowed, its text.', mimeType: 'application/json' },
    async (uri, { fax_id: id }) => ({
      contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(await faxTextFor(String(id))) }],
    }),
  );

  return server;
}
