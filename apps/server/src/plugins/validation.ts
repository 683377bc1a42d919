import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { AppError } from '../lib/errors.ts';
import { findControlCharacter } from '../lib/control-characters.ts';

/**
 * The routes' validator: zod's, after a check of every string in the params, querystring and body for
 * control characters its schema does not allow (decision 0060). NUL never reaches a service, so no
 * database sees it (PostgreSQL text cannot hold it). A refusal is a 400 naming the field, on every
 * route that declares the part, whatever the database. Headers are left to Node's HTTP parser, which
 * refuses control characters in them.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart === 'headers') return validate;
  return (data) => {
    const refusal = findControlCharacter(route.schema, data);
    if (!refusal) return validate(data);
    const field = refusal.path.join('.') || (route.httpPart ?? 'body');
    return { error: new AppError(400, refusal.problem === 'too-deep' ? 'NESTED_TOO_DEEPLY' : 'CONTROL_CHARACTER', { field }) };
  };
};
