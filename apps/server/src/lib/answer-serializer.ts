import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/**
 * Answers are written by fast-json-stringify from the JSON Schema of the route's zod answer:
 * fields the contract does not list are never written and a missing required field throws (a
 * 500), as the zod check did, without parsing every answer with zod first (a fifth of the order
 * detail's CPU time). fast-json-stringify does not check values (an enum, a string where a number
 * is due), so with `checkWithZod` (tests) every answer is also parsed by the zod schema and the
 * two results must agree: the contract tests keep failing on what zod refuses. Schemas that have
 * no JSON Schema (transforms, custom types) keep the zod serializer.
 */
export function answerSerializerCompiler(options: { checkWithZod: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serialize;
    let compiled: Serialize | null | undefined;
    return (data: unknown) => {
      // Compiled on the first answer: a route never answered costs nothing at start-up.
      if (compiled === undefined) compiled = compileAnswer(route.schema);
      if (!compiled) return checked(data);
      if (!options.checkWithZod) return compiled(data);
      const expected = checked(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${route.method} ${route.url}: the compiled answer differs from the contract's\n${written}`);
      }
      return written;
    };
  };
}

/**
 * An answer written by hand around text the database wrote (a folder page's rows): with the same
 * `checkWithZod` as the compiled answers, it is parsed and must be exactly what the contract's
 * schema makes of it (nothing missing, nothing the contract does not list), or it is refused.
 */
export function checkWrittenAnswer(schema: z.ZodType, text: string, where: string): void {
  const parsed: unknown = JSON.parse(text);
  const result = schema.safeParse(parsed);
  if (!result.success || !isDeepStrictEqual(result.data, parsed)) {
    throw new Error(`${where}: the written answer differs from the contract's\n${text}`);
  }
}

/** Sends an answer already written as JSON (text or its UTF-8 bytes) as it is, past the route's response schema. */
export function sendWrittenAnswer(reply: FastifyReply, answer: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(answer);
}

/** The stringify function of a zod answer, or null when it has no JSON Schema. */
export function compileAnswer(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * `T | null` comes out of zod as anyOf [T, null], which fast-json-stringify resolves by running a
 * validator on every value; a type list (`type: ['string', 'null']`) is written without one.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const isNull = (b: JsonSchema) => b.type === 'null' && Object.keys(b).length === 1;
    const other = (branches as JsonSchema[]).find((b) => !isNull(b));
    const hasNull = (branches as JsonSchema[]).some(isNull);
    if (hasNull && other && typeof other.type === 'string' && !('anyOf' in other) && !('$ref' in other)) {
      const { anyOf: _anyOf, ...rest } = out;
      // An enum lists null as one of its values too, or fast-json-stringify writes a null as "".
      const enumValues = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...rest, ...other, ...enumValues, type: [other.type, 'null'] };
    }
  }
  return out;
}
