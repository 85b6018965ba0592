import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty one counts as no body.
 * Browsers and HTTP libraries send `Content-Type: application/json` with nothing after it on calls such as
 * `POST /api/auth/logout`, which Fastify's own parser refuses with a 400. A route without a body then answers as
 * it would without the header; a route that needs a body still gets its 400 `{message}`, from its schema.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
}
