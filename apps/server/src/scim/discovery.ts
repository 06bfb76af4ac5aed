import { GROUP_SCHEMA, LIST_SCHEMA, USER_SCHEMA } from './resources';

// What the service provider says of itself (RFC 7644 §4, RFC 7643 §5-7): its features, the resource types it serves and
// the schemas of their attributes, limited to the attributes Faxline keeps.

const SPC_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';
/** A list's largest page (`count` above it is cut to it). */
export const MAX_PAGE = 200;

export function serviceProviderConfig(base: string) {
  return {
    schemas: [SPC_SCHEMA],
    documentationUri: `${base.replace(/\/scim\/v2$/, '')}/api-documentation`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Bearer token',
        description: 'A token made by the account owner in Faxline (Settings, Provisioning), sent as Authorization: Bearer.',
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

type Attribute = {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'default' | 'never' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: Attribute[];
  referenceTypes?: string[];
  canonicalValues?: string[];
};

const attribute = (name: string, description: string, more: Partial<Attribute> = {}): Attribute => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

const userAttributes: Attribute[] = [
  attribute('userName', 'Unique identifier for the User in the account; an e-mail address unless an address is given in emails.', {
    required: true,
    uniqueness: 'server',
  }),
  attribute('name', "The components of the user's name.", {
    type: 'complex',
    subAttributes: [
      attribute('formatted', 'The full name.'),
      attribute('familyName', 'The family name.'),
      attribute('givenName', 'The given name.'),
    ],
  }),
  attribute('displayName', 'The name shown in Faxline.'),
  attribute('emails', "The user's e-mail address: the primary one, else the work one, is the address they sign in with.", {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', 'The e-mail address.'),
      attribute('type', 'work, home or other.', { canonicalValues: ['work', 'home', 'other'] }),
      attribute('primary', 'The primary address.', { type: 'boolean' }),
    ],
  }),
  attribute('active', 'Whether the user may sign in; false ends their sessions and stops their API keys.', { type: 'boolean' }),
  attribute('groups', 'The groups the user belongs to, changed through the Group resource.', {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [
      attribute('value', 'The group id.', { mutability: 'readOnly' }),
      attribute('$ref', 'The group URI.', { type: 'reference', referenceTypes: ['Group'], mutability: 'readOnly' }),
      attribute('display', 'The group name.', { mutability: 'readOnly' }),
      attribute('type', 'direct.', { mutability: 'readOnly' }),
    ],
  }),
];

const groupAttributes: Attribute[] = [
  attribute('displayName', 'The group name, unique in the account.', { required: true, uniqueness: 'server' }),
  attribute('members', 'The users in the group.', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attribute('value', 'The user id.', { mutability: 'immutable' }),
      attribute('$ref', 'The user URI.', { type: 'reference', referenceTypes: ['User'], mutability: 'immutable' }),
      attribute('display', 'The user name.', { mutability: 'readOnly' }),
      attribute('type', 'User.', { mutability: 'immutable' }),
    ],
  }),
];

const schemaDefinitions = (base: string) => [
  {
    schemas: [SCHEMA_SCHEMA],
    id: USER_SCHEMA,
    name: 'User',
    description: 'User Account',
    attributes: userAttributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${USER_SCHEMA}` },
  },
  {
    schemas: [SCHEMA_SCHEMA],
    id: GROUP_SCHEMA,
    name: 'Group',
    description: 'Group',
    attributes: groupAttributes,
    meta: { resourceType: 'Schema', location: `${base}/Schemas/${GROUP_SCHEMA}` },
  },
];

const resourceTypeDefinitions = (base: string) => [
  {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    description: 'User Account',
    schema: USER_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: [RESOURCE_TYPE_SCHEMA],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    description: 'Group',
    schema: GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

const asList = <T>(items: T[]) => ({
  schemas: [LIST_SCHEMA],
  totalResults: items.length,
  startIndex: 1,
  itemsPerPage: items.length,
  Resources: items,
});

export const schemasList = (base: string) => asList(schemaDefinitions(base));
export const schemaById = (base: string, id: string) => schemaDefinitions(base).find((schema) => schema.id === id) ?? null;
export const resourceTypesList = (base: string) => asList(resourceTypeDefinitions(base));
export const resourceTypeById = (base: string, id: string) => resourceTypeDefinitions(base).find((type) => type.id === id) ?? null;
