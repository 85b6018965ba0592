import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';

function fieldOf(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
}

/** Every error leaves as JSON `{message}` with a human sentence; never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldOf(first?.instancePath);
      const text = first?.message ?? 'Invalid request';
      // 'newPassword' is named by a message about the password; only messages that name nothing get a prefix.
      const lastWord = field
        .split('.')
        .pop()!
        .replace(/([A-Z])/g, ' $1')
        .trim()
        .toLowerCase()
        .split(' ')
        .pop()!;
      const lower = text.toLowerCase();
      const mentionsField =
        field &&
        (lower.includes(field.split('.').pop()!.toLowerCase()) ||
          new RegExp(`\\b${lastWord}\\b`).test(lower));
      const message = !field || mentionsField ? text : `${field}: ${text}`;
      return reply.code(400).send({ message });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    const message =
      status === 413
        ? 'The request is too large.'
        : status === 415
          ? 'This content type is not supported.'
          : (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(error.message)
            ? 'The request body is not valid JSON.'
            : error.message;
    return reply.code(status).send({ message });
  });
}
