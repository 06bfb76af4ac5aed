import { API_KEY_SCOPES } from '@faxline/shared';
import { openApiDocument } from '@faxline/shared/api-v1';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';

// GET /v1/openapi.json serves this document, and packages/client is generated from it: it must be valid OpenAPI 3.1.
const document = JSON.parse(JSON.stringify(openApiDocument('/v1'))) as Record<string, unknown> & {
  paths: Record<string, Record<string, { operationId?: string; security?: Array<Record<string, string[]>>; responses?: object }>>;
  components: { securitySchemes: Record<string, unknown> };
};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, ...operation })),
);

describe('the OpenAPI document of /v1', () => {
  it('is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator does catch a broken document, so the check above can fail.
    expect((await new Validator().validate({ ...document, info: { title: 'Faxline API' } })).valid).toBe(false);
  });

  it('names every operation once, for the client and the reference', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
    const ids = operations.map((operation) => operation.operationId);
    for (const operation of operations) expect(operation.operationId, operation.name).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for an API key or an OAuth token of an app on every operation but the public delivery record (/v1/openapi.json is open too, and not in the document)', () => {
    expect(Object.keys(document.components.securitySchemes)).toEqual(['apiKey', 'oauth2']);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Decision 135: an app's token opens /v1 with one scope per operation, the scope an API key would need.
    expect(document.components.securitySchemes.oauth2).toMatchObject({
      type: 'oauth2',
      flows: { authorizationCode: { tokenUrl: expect.any(String) } },
    });
    // GET /status (decision 122): everyone's figures, so no key, and no 401.
    const open = operations.filter((operation) => operation.operationId === 'getStatus');
    expect(open).toHaveLength(1);
    expect(open[0]!.security).toEqual([]);
    expect(open[0]!.responses).not.toHaveProperty('401');
    for (const operation of operations.filter((o) => o.operationId !== 'getStatus')) {
      expect(operation.security, operation.name).toEqual([{ apiKey: [] }, { oauth2: [expect.toBeOneOf([...API_KEY_SCOPES])] }]);
      expect(operation.responses, operation.name).toHaveProperty('401');
    }
    expect(Object.keys(document.paths)).not.toContain('/openapi.json');
  });
});
