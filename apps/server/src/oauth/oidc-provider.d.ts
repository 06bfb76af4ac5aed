// The little of oidc-provider (which ships no types) that Faxline's authorization server (oauth/) and the tests'
// identity provider (test-support/identity-providers) use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Grant = {
    jti: string;
    accountId?: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    destroy(): Promise<void>;
  };
  type Client = { clientId: string; clientName?: string; clientUri?: string };
  type AccessToken = {
    jti: string;
    accountId: string;
    clientId: string;
    grantId: string;
    aud?: string | string[];
    scopes: Set<string>;
    isExpired: boolean;
  };
  type Interaction = {
    uid: string;
    returnTo: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
    result?: Record<string, unknown>;
    exp: number;
    save(ttl: number): Promise<string>;
  };
  type Context = { oidc: { client: { clientId: string }; session: { accountId?: string }; provider: Provider } };
  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  type AdapterPayload = Record<string, unknown> & { grantId?: string; uid?: string; userCode?: string; consumed?: unknown };
  interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: (new (properties: { clientId: string; accountId?: string | undefined }) => Grant) & {
      find(id: string): Promise<Grant | undefined>;
    };
    Client: { find(id: string): Promise<Client | undefined> };
    AccessToken: { find(token: string): Promise<AccessToken | undefined> };
    Interaction: { find(uid: string): Promise<Interaction | undefined> };
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
  export type { Account, AccessToken, Adapter, AdapterPayload, Client, Context, Grant, Interaction };
}

// The provider's in-memory storage, which the tests' identity provider uses as its adapter.
declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  import type { Adapter } from 'oidc-provider';

  export default class MemoryAdapter implements Adapter {
    constructor(model: string);
    upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void>;
    find(id: string): Promise<Record<string, unknown> | undefined>;
    findByUid(uid: string): Promise<Record<string, unknown> | undefined>;
    findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }
}
