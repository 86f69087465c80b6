import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiV1Prefix, problemContentType, problemTypeBase, type FieldError, type Problem } from '@paraphe/contracts';

/**
 * RFC 9457 problem details, the error shape of the public API (/api/v1): the same stable codes and field errors
 * as the rest of the API (`{ error: … }`), in the documented form integrators' tools understand.
 */
const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

/** Whether the request's errors are answered as problem details. */
export const answersProblems = (request: FastifyRequest): boolean => request.url.startsWith(apiV1Prefix);

export function problemOf(status: number, code: string, message: string, requestId: string, fields?: readonly FieldError[]): Problem {
  return {
    type: `${problemTypeBase}${code.toLowerCase().replaceAll('_', '-')}`,
    title: titles[status] ?? (status >= 500 ? 'Server Error' : 'Client Error'),
    status,
    detail: message,
    code,
    ...(fields?.length ? { errors: fields.map(({ field, rule, message: text }) => ({ field, rule, message: text })) } : {}),
    instance: `urn:request:${requestId}`,
  };
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.status(problem.status).type(problemContentType).send(JSON.stringify(problem));
}
