import { SCIM_BASE_PATH } from '@faxline/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScimChanger } from '../accounts/member-changes';
import { answerErrorsAs } from '../platform/http/error-handler';
import { AppError } from '../platform/http/app-error';
import type { RouteDeps } from '../route-deps';
import { MAX_PAGE, resourceTypeById, resourceTypesList, schemaById, schemasList, serviceProviderConfig } from './discovery';
import { toScimError } from './errors';
import { parseFilter } from './filter';
import { createScimGroup, deleteScimGroup, getScimGroup, listScimGroups, patchScimGroup, replaceScimGroup } from './groups';
import { readPatch } from './input';
import { listResponse } from './resources';
import { callerOfScimSecret } from './tokens';
import { createScimUser, deleteScimUser, getScimUser, listScimUsers, patchScimUser, replaceScimUser } from './users';

const SCIM_TYPE = 'application/scim+json; charset=utf-8';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Better Auth's person ids: letters and digits. */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const DEFAULT_PAGE = 100;
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const bearerSecretOf = (header: string | undefined) => header?.match(BEARER)?.[1] ?? null;

declare module 'fastify' {
  interface FastifyRequest {
    /** The identity provider's token on /scim/v2 (set by the scope's authentication hook). */
    scimCaller?: ScimChanger;
  }
}

/**
 * SCIM 2.0 at /scim/v2 (RFC 7643/7644, decision 107): an account's identity provider provisions its people and groups
 * with a bearer token its owner made. Bodies are read as application/scim+json (or JSON), answers are
 * application/scim+json, and every error is in SCIM's error schema.
 */
export async function registerScim(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  answerErrorsAs(app, `${SCIM_BASE_PATH}/`, async (_request, reply, body) => {
    reply.type(SCIM_TYPE);
    if (reply.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
    return toScimError(reply.statusCode, body);
  });
  await app.register(
    async (scim) => {
      scim.addContentTypeParser('application/scim+json', { parseAs: 'string' }, scim.getDefaultJsonParser('error', 'error'));
      scim.addHook('onRequest', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const secret = bearerSecretOf(request.headers.authorization);
        const caller = secret ? await callerOfScimSecret(deps.db, secret) : null;
        if (!caller) throw new AppError('authentication_error', 'scim.invalidToken');
        if ((await deps.systemSettings.current()).maintenanceMode) throw new AppError('unavailable', 'errors.maintenance');
        request.scimCaller = { screen: 'scim', ...caller, ip: request.ip };
      });
      scim.setNotFoundHandler(async () => {
        throw new AppError('not_found', 'scim.unknownEndpoint');
      });
      await scim.register(scimRoutes, deps);
    },
    { prefix: SCIM_BASE_PATH },
  );
}

async function scimRoutes(app: FastifyInstance, deps: RouteDeps) {
  const base = `${deps.config.publicUrl}${SCIM_BASE_PATH}`;
  const callerOf = (request: FastifyRequest) => request.scimCaller!;
  const send = (reply: FastifyReply, body: unknown, status = 200) => reply.status(status).type(SCIM_TYPE).send(body);
  const scimDeps = { auth: deps.auth, db: deps.db, files: deps.files, lifecycle: deps.accountLifecycle };
  const { db } = deps;

  app.get('/ServiceProviderConfig', async (_request, reply) => send(reply, serviceProviderConfig(base)));
  app.get('/Schemas', async (_request, reply) => send(reply, schemasList(base)));
  app.get<{ Params: { id: string } }>('/Schemas/:id', async (request, reply) => {
    const schema = schemaById(base, request.params.id);
    if (!schema) throw new AppError('not_found', 'scim.unknownEndpoint');
    return send(reply, schema);
  });
  app.get('/ResourceTypes', async (_request, reply) => send(reply, resourceTypesList(base)));
  app.get<{ Params: { id: string } }>('/ResourceTypes/:id', async (request, reply) => {
    const type = resourceTypeById(base, request.params.id);
    if (!type) throw new AppError('not_found', 'scim.unknownEndpoint');
    return send(reply, type);
  });

  const userId = (request: FastifyRequest<{ Params: { id: string } }>) => {
    if (!USER_ID.test(request.params.id)) throw new AppError('not_found', 'scim.userNotFound');
    return request.params.id;
  };
  app.get('/Users', async (request, reply) => {
    const { filter, startIndex, count } = listQuery(request);
    const users = await listScimUsers(db, callerOf(request), base, filter);
    return send(reply, listResponse(users.map(projectionOf(request)), startIndex, count));
  });
  app.post('/Users', async (request, reply) => {
    const user = await createScimUser(scimDeps, callerOf(request), base, request.body);
    return send(reply.header('location', user.meta.location), user, 201);
  });
  app.get<{ Params: { id: string } }>('/Users/:id', async (request, reply) =>
    send(reply, projectionOf(request)(await getScimUser(db, callerOf(request), base, userId(request)))),
  );
  app.put<{ Params: { id: string } }>('/Users/:id', async (request, reply) =>
    send(reply, await replaceScimUser(scimDeps, callerOf(request), base, userId(request), request.body)),
  );
  app.patch<{ Params: { id: string } }>('/Users/:id', async (request, reply) =>
    send(reply, await patchScimUser(scimDeps, callerOf(request), base, userId(request), readPatch(request.body))),
  );
  app.delete<{ Params: { id: string } }>('/Users/:id', async (request, reply) => {
    await deleteScimUser(scimDeps, callerOf(request), userId(request));
    return reply.status(204).send();
  });

  const groupId = (request: FastifyRequest<{ Params: { id: string } }>) => {
    if (!UUID.test(request.params.id)) throw new AppError('not_found', 'scim.groupNotFound');
    return request.params.id;
  };
  app.get('/Groups', async (request, reply) => {
    const { filter, startIndex, count } = listQuery(request);
    const groups = await listScimGroups(db, callerOf(request), base, filter);
    return send(reply, listResponse(groups.map(projectionOf(request)), startIndex, count));
  });
  app.post('/Groups', async (request, reply) => {
    const group = await createScimGroup(db, callerOf(request), base, request.body);
    return send(reply.header('location', group.meta.location), group, 201);
  });
  app.get<{ Params: { id: string } }>('/Groups/:id', async (request, reply) =>
    send(reply, projectionOf(request)(await getScimGroup(db, callerOf(request), base, groupId(request)))),
  );
  app.put<{ Params: { id: string } }>('/Groups/:id', async (request, reply) =>
    send(reply, await replaceScimGroup(db, callerOf(request), base, groupId(request), request.body)),
  );
  app.patch<{ Params: { id: string } }>('/Groups/:id', async (request, reply) =>
    send(reply, await patchScimGroup(db, callerOf(request), base, groupId(request), readPatch(request.body))),
  );
  app.delete<{ Params: { id: string } }>('/Groups/:id', async (request, reply) => {
    await deleteScimGroup(db, callerOf(request), groupId(request));
    return reply.status(204).send();
  });
}

/** A list's `filter`, `startIndex` (from 1; less counts as 1) and `count` (0 to MAX_PAGE), RFC 7644 §3.4.2.4. */
function listQuery(request: FastifyRequest) {
  const query = request.query as Record<string, string | string[] | undefined>;
  const one = (name: string) => {
    const value = query[name];
    if (Array.isArray(value)) throw new AppError('invalid_request', 'scim.invalidValue');
    return value;
  };
  const number = (name: string, fallback: number) => {
    const value = one(name);
    if (value === undefined || value === '') return fallback;
    if (!/^-?\d{1,9}$/.test(value)) throw new AppError('invalid_request', 'scim.invalidValue');
    return Number(value);
  };
  const filterText = one('filter');
  return {
    filter: filterText ? parseFilter(filterText) : null,
    startIndex: Math.max(1, number('startIndex', 1)),
    count: Math.min(MAX_PAGE, Math.max(0, number('count', DEFAULT_PAGE))),
  };
}

/** Attributes returned whatever `attributes` and `excludedAttributes` say (RFC 7643 §2.4: returned "always"). */
const ALWAYS = new Set(['schemas', 'id', 'meta', 'username', 'displayname']);

/**
 * The `attributes` or `excludedAttributes` of a read (RFC 7644 §3.4.2.5), by top-level attribute: Entra reads groups
 * with `excludedAttributes=members`, which spares a large group's member list.
 */
function projectionOf(request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  const names = (name: string) =>
    typeof query[name] === 'string'
      ? new Set(
          (query[name] as string).split(',').map((item) =>
            item
              .trim()
              .replace(/^urn:.*:/, '')
              .split('.')[0]!
              .toLowerCase(),
          ),
        )
      : null;
  const only = names('attributes');
  const without = names('excludedAttributes');
  return <T extends object>(resource: T): T =>
    Object.fromEntries(
      Object.entries(resource).filter(([key]) => {
        const name = key.toLowerCase();
        if (ALWAYS.has(name)) return true;
        if (only) return only.has(name);
        return !without?.has(name);
      }),
    ) as T;
}
