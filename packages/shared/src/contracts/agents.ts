import { z } from 'zod';
import { singleLineText } from '../text';
import { API_KEY_SCOPES } from './api-keys';

/**
 * Apps and AI agents that act for an account (issue 41): OAuth 2.1 at /oauth (decision 130), the MCP server at /mcp,
 * and the account's rules for what an agent may do.
 */

/** What the consent page shows: the app as it registered itself, what it asks for, and for whom. */
export const ZOAuthConsent = z.object({
  uid: z.string(),
  clientName: z.string(),
  clientUri: z.string().nullable(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  accountName: z.string(),
  personEmail: z.string(),
  /** Where the app's tokens will open (RFC 8707 resources): the REST API, the MCP server (the agent rules apply), or both. */
  doors: z.array(z.enum(['api', 'mcp'])),
});
export type TOAuthConsent = z.infer<typeof ZOAuthConsent>;

export const ZOAuthConsentParams = z.object({ uid: z.string().min(1).max(100).check(singleLineText) });
export const ZOAuthConsentDecision = z.object({ approve: z.boolean({ error: 'errors.invalidRequest' }) });
/** Where the browser goes next: back to the authorization server, which answers the app. */
export const ZOAuthConsentResult = z.object({ redirectTo: z.string() });

/** An app the account's people allowed in: /user/api-keys, "Connected apps". */
export const ZConnectedApp = z.object({
  id: z.string(),
  clientName: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  grantedBy: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const ZConnectedApps = z.object({ data: z.array(ZConnectedApp) });
export type TConnectedApp = z.infer<typeof ZConnectedApp>;
export const ZConnectedAppParams = z.object({ id: z.uuid({ error: 'errors.invalidRequest' }) });

/** The account's rules for agents (owner and admins set them in the account's settings). */
export const ZAgentSettings = z.object({
  /** Faxes sent by agents wait in the approval queue until a member who may send approves them. */
  approvalRequired: z.boolean({ error: 'errors.invalidRequest' }),
  /** Agents see a fax's metadata, never its words (PHI). */
  contentsForbidden: z.boolean({ error: 'errors.invalidRequest' }),
});
export type TAgentSettings = z.infer<typeof ZAgentSettings>;

export const AGENT_FAX_STATES = ['waiting', 'approved', 'denied'] as const;
/** A fax an agent asked to send while approval is required. */
export const ZAgentFax = z.object({
  id: z.string(),
  agentName: z.string(),
  recipients: z.array(z.string()),
  fileNames: z.array(z.string()),
  coverSubject: z.string().nullable(),
  state: z.enum(AGENT_FAX_STATES),
  faxIds: z.array(z.string()),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
});
export const ZAgentFaxes = z.object({ data: z.array(ZAgentFax) });
/** What the user area's menu shows of the approval queue: whether the account asks for approval, and how many wait. */
export const ZAgentFaxSummary = z.object({ approvalRequired: z.boolean(), waiting: z.number().int().min(0) });
export type TAgentFaxSummary = z.infer<typeof ZAgentFaxSummary>;
export type TAgentFax = z.infer<typeof ZAgentFax>;
export const ZAgentFaxParams = z.object({ id: z.uuid({ error: 'errors.invalidRequest' }) });
export const ZAgentFaxDecision = z.object({ approve: z.boolean({ error: 'errors.invalidRequest' }) });
