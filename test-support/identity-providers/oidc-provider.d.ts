// The little of oidc-provider (which ships no types) that the tests' identity provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Grant = { addOIDCScope(scope: string): void; save(): Promise<string> };
  type Context = { oidc: { client: { clientId: string }; session: { accountId?: string }; provider: Provider } };
  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: new (properties: { clientId: string; accountId?: string | undefined }) => Grant;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<{ uid: string; prompt: { name: string } }>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
  export type { Account, Context };
}
