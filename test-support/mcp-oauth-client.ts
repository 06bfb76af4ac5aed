import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** Where the tests' MCP client says it is sent back to: nothing listens there; the tests read the code off the address. */
export const MCP_CLIENT_REDIRECT = 'http://127.0.0.1:9/callback';
/** The name the tests' MCP client registers with: the consent page and the audit trail show it. */
export const MCP_CLIENT_NAME = 'Clinic Assistant';

/**
 * An MCP client's OAuth side as the SDK asks for it, kept in memory: it registers as a public client (PKCE, no
 * secret) and keeps the address it is sent to for the test (or its browser) to follow.
 */
export class InMemoryOAuthClient implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  stored: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly redirectUrl = MCP_CLIENT_REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: MCP_CLIENT_NAME,
    redirect_uris: [MCP_CLIENT_REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  clientInformation = () => this.client;
  saveClientInformation = (client: OAuthClientInformationMixed) => void (this.client = client);
  tokens = () => this.stored;
  saveTokens = (tokens: OAuthTokens) => void (this.stored = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}
