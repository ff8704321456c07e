import type { Hono } from 'hono';
import { generateSpecs, resolver } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import type * as v from 'valibot';
import pkg from '#package.json' with { type: 'json' };
import { errorAnswerSchema } from '#src/shared/api-answers.ts';
import { REFRESH_COOKIE_NAME } from '#src/shared/constants.ts';
import { accessOf, TAGS, tagOf } from './access-rules';
import { ROUTE_ANSWERS } from './route-answers';
import { ROUTE_SUMMARIES } from './route-summaries';

type Operation = OpenAPIV3_1.OperationObject;
type Document = OpenAPIV3_1.Document;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** `/api/files/:id` as OpenAPI writes it: `/api/files/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}');

const ERROR = { $ref: '#/components/responses/Error' };
const json = (schema: object) => ({ 'application/json': { schema } });

// The description of the API, generated from the app: hono-openapi walks `app.routes` and turns each
// route's valibot schemas (validate.ts) into its parameters and bodies; this adds what the schemas do not
// say: a summary and tag per route, who may call it (the bearer token and its role), and its answers.
export async function buildOpenApiDocument(app: Hono<never, never, string>): Promise<Document> {
  const generated = await generateSpecs(app as unknown as Hono, {
    // Routes without a validator are in `app.routes` too: every route is described, not only those.
    includeEmptyPaths: true,
    // `/api/admin/payments/export.csv` is a route, not a static file.
    excludeStaticFile: false,
    excludeMethods: ['OPTIONS', 'HEAD'],
    // The API only: what the process serves outside /api (the PWA, /metrics for Prometheus) is not part of it.
    exclude: [/^(?!\/api\/)/],
    // The 400 is ours (VALIDATION_FAILED with field keys), added below.
    defaultValidationErrorResponse: false,
    documentation: {
      info: {
        title: 'Recruiter API',
        version: pkg.version,
        description:
          'The API of the Recruiter app. Every JSON answer is `{ success: true, data }` or the error shape ' +
          '`{ success: false, error: { code, message, fields?, requestId } }`. Sign in with `POST /api/auth/login`, ' +
          'send the access token as `Authorization: Bearer <token>`, renew it with `GET /api/recruiter/auth/refresh-token`.',
      },
      servers: [{ url: '/', description: 'This server' }],
      tags: TAGS.map(([name, description]) => (description ? { name, description } : { name })),
    },
  });
  const doc = generated as unknown as Document;
  doc.components ??= {};
  const components: OpenAPIV3_1.ComponentsObject = doc.components;
  components.securitySchemes = {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'The access token from `POST /api/auth/login` or `GET /api/recruiter/auth/refresh-token` (15 minutes). ' +
        'Role names in a requirement are the roles the token must carry.',
    },
    refreshCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: REFRESH_COOKIE_NAME,
      description: `The HttpOnly refresh cookie the app asks for with \`x-token-storage: cookie\` (named \`__Host-${REFRESH_COOKIE_NAME}\` over https).`,
    },
  };
  components.schemas = {
    ...components.schemas,
    ErrorAnswer: await toSchema(errorAnswerSchema),
    OkAnswer: {
      type: 'object',
      properties: { success: { const: true }, data: {} },
      required: ['success', 'data'],
    },
  };
  components.responses = {
    Error: {
      description: 'An error: `code` says which (VALIDATION_FAILED lists the fields), `requestId` traces it',
      content: json({ $ref: '#/components/schemas/ErrorAnswer' }),
    },
  };

  for (const item of Object.values(doc.paths ?? {}))
    for (const method of METHODS)
      for (const parameter of item?.[method]?.parameters ?? []) if (!('$ref' in parameter)) plainNumber(parameter);

  const honoPaths = new Map<string, string>();
  for (const route of app.routes) honoPaths.set(openApiPath(route.path), route.path);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${honoPaths.get(path) ?? path}`;
      await describeOperation(operation, key, honoPaths.get(path) ?? path, components);
    }
  }
  return doc;
}

async function describeOperation(
  operation: Operation,
  key: string,
  path: string,
  components: OpenAPIV3_1.ComponentsObject,
) {
  const validated = Boolean(operation.parameters?.length || operation.requestBody);
  operation.summary = ROUTE_SUMMARIES[key];
  operation.tags = [tagOf(path)];
  const access = accessOf(path);
  operation.security = access === 'public' ? [] : [{ bearer: access === 'signed-in' ? [] : [access] }];
  if (key === 'GET /api/recruiter/auth/refresh-token' || key === 'POST /api/auth/logout') {
    operation.security = [{}, { refreshCookie: [] }];
  }

  const responses: OpenAPIV3_1.ResponsesObject = {};
  const answer = ROUTE_ANSWERS[key];
  if (answer && 'json' in answer) {
    const schema = await toSchema(answer.json, components);
    responses[String(answer.status)] = { description: 'Done', content: json(schema) };
  } else if (answer) {
    responses[String(answer.status)] = {
      description: answer.description,
      content: Object.fromEntries(
        Object.entries(answer.media).map(([type, kind]) => [
          type,
          { schema: kind === 'binary' ? { type: 'string', contentMediaType: type } : { type: 'string' } },
        ]),
      ),
    };
  } else {
    responses['2XX'] = { description: 'Done', content: json({ $ref: '#/components/schemas/OkAnswer' }) };
  }
  if (validated) responses['400'] = ERROR;
  if (access !== 'public') responses['401'] = ERROR;
  if (access === 'ROLE_ADMIN' || access === 'ROLE_RECRUITER') responses['403'] = ERROR;
  responses['4XX'] = ERROR;
  responses['5XX'] = ERROR;
  operation.responses = responses;
}

/**
 * A number in the address (an id, a page): valibot reads it from text or a number (`numberish`), which the
 * converter writes as `anyOf: [number, numeric string]`, shown by the docs page as "number | string" beside
 * "integer". A query or path value is always text, read as the number it says: the parameter is a number
 * (an integer where the schema says so), its limits kept.
 */
function plainNumber(parameter: OpenAPIV3_1.ParameterObject) {
  const schema = parameter.schema as { type?: string; anyOf?: { type?: string; pattern?: unknown }[] } | undefined;
  const branches = schema?.anyOf;
  if (!schema || !branches || branches.length !== 2) return;
  const numberish =
    branches.some((branch) => branch.type === 'number') &&
    branches.some((branch) => branch.type === 'string' && typeof branch.pattern === 'string');
  if (!numberish) return;
  delete schema.anyOf;
  schema.type ??= 'number';
}

/** A valibot schema as the document's JSON Schema; definitions it names go to the components. */
async function toSchema(schema: v.GenericSchema, components?: OpenAPIV3_1.ComponentsObject) {
  const result = await resolver(schema).toOpenAPISchema();
  if (result.components?.schemas && components) {
    components.schemas = { ...components.schemas, ...result.components.schemas };
  }
  return result.schema;
}
