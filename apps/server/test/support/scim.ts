import SCIMMY from 'scimmy';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

// Calls to /scim/v2 as an identity provider makes them, each answer checked against the SCIM core schemas by an
// independent library (SCIMMY): a resource must come back unchanged from SCIMMY's coercion (nothing missing, nothing
// of the wrong type, nothing SCIMMY does not know), a list must be a valid ListResponse of valid resources, an error a
// valid SCIM Error (its status a string, its scimType one RFC 7644 allows with that status).

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const SPC = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

type Json = Record<string, unknown>;

/** Every answer of this kind is checked against its schema by SCIMMY; an unknown kind fails the test. */
export function expectValidScim(body: Json): void {
  const schemas = body.schemas as string[];
  expect(Array.isArray(schemas), JSON.stringify(body)).toBe(true);
  if (schemas.includes(ERROR)) {
    expect(typeof body.status).toBe('string');
    const remade = new SCIMMY.Messages.Error({
      status: Number(body.status) as 400,
      ...(body.scimType ? { scimType: body.scimType as 'uniqueness' } : {}),
      detail: body.detail as string,
    });
    expect(JSON.parse(JSON.stringify(remade))).toEqual(body);
    return;
  }
  if (schemas.includes(LIST)) {
    const list = new SCIMMY.Messages.ListResponse(body as never);
    expect(list.totalResults).toBe(body.totalResults);
    expect(list.Resources).toHaveLength((body.Resources as unknown[]).length);
    for (const resource of body.Resources as Json[]) expectValidScim(resource);
    return;
  }
  if (schemas.includes(SCHEMA)) return expectSchemaAgreesWithScimmy(body);
  const definition = schemas.includes(USER)
    ? SCIMMY.Schemas.User.definition
    : schemas.includes(GROUP)
      ? SCIMMY.Schemas.Group.definition
      : schemas.includes(SPC)
        ? SCIMMY.Schemas.ServiceProviderConfig.definition
        : schemas.includes(RESOURCE_TYPE)
          ? SCIMMY.Schemas.ResourceType.definition
          : null;
  expect(definition, `no SCIM schema for ${JSON.stringify(schemas)}`).not.toBeNull();
  expect(JSON.parse(JSON.stringify(definition!.coerce(body, 'out')))).toEqual(body);
}

type Described = { attributes: Array<Json & { name: string; subAttributes?: Json[] }> };
/** SCIMMY's descriptions of the core schemas, copied before any use: its coercions change what describe() says later. */
const CORE_DESCRIPTIONS: Record<string, Described> = {
  [USER]: JSON.parse(JSON.stringify(SCIMMY.Schemas.User.definition.describe('/scim/v2'))) as Described,
  [GROUP]: JSON.parse(JSON.stringify(SCIMMY.Schemas.Group.definition.describe('/scim/v2'))) as Described,
};

/** A schema Faxline describes: each of its attributes as SCIMMY's own description of the core schema has it. */
function expectSchemaAgreesWithScimmy(body: Json): void {
  const described = CORE_DESCRIPTIONS[body.id as string];
  expect(described, String(body.id)).toBeDefined();
  for (const attribute of body.attributes as Array<Json & { name: string; subAttributes?: Array<Json & { name: string }> }>) {
    const theirs = described!.attributes.find((candidate) => candidate.name === attribute.name);
    expect(theirs, `${attribute.name} is not an attribute of ${String(body.id)}`).toBeDefined();
    expect([attribute.type, attribute.multiValued], attribute.name).toEqual([theirs!.type, theirs!.multiValued ?? false]);
    for (const sub of attribute.subAttributes ?? []) {
      const theirSub = (theirs!.subAttributes as Array<Json & { name: string }> | undefined)?.find(
        (candidate) => candidate.name === sub.name,
      );
      expect(theirSub, `${attribute.name}.${sub.name}`).toBeDefined();
      expect(sub.type, `${attribute.name}.${sub.name}`).toBe(theirSub!.type);
    }
  }
}

export type ScimAnswer = { status: number; body: Json; headers: Record<string, unknown> };

/** One request to /scim/v2 with the token (or none), as application/scim+json; the answer is checked as above. */
export async function scim(
  t: TestApp,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: object,
): Promise<ScimAnswer> {
  const response = await t.app.inject({
    method,
    url: `/scim/v2${path}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/scim+json' } : {}),
      accept: 'application/scim+json',
    },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  if (response.statusCode === 204) {
    expect(response.body).toBe('');
    return { status: 204, body: {}, headers: response.headers };
  }
  expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
  const json = response.json() as Json;
  expectValidScim(json);
  if (response.statusCode >= 400) expect(json.status).toBe(String(response.statusCode));
  return { status: response.statusCode, body: json, headers: response.headers };
}

export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_USER = USER;
export const SCIM_GROUP = GROUP;
