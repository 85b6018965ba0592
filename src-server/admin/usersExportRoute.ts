import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUsersQuerySchema } from '../../src/contract/admin';
import { errorResponses } from '../../src/contract/common';
import { exportColumns, usersCsv } from './usersExport';

/** Documents the 200 as CSV; the other answers stay JSON. */
const csvResponse = z
  .string()
  .meta({ description: 'The users as CSV', content: { 'text/csv': { schema: { type: 'string' } } } });

/**
 * The whole users list as a CSV download, streamed as it is read, for lists too large to page through in the
 * browser. Inside the guarded /api/admin scope: operators only.
 */
export async function usersExportRoute(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/users/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every user the filters match (plan, subscription status, search) as CSV, streamed',
        querystring: adminUsersQuerySchema.extend({
          fields: z.string().max(300).optional().meta({
            description:
              'The columns to export, comma-separated (email,name,plan,…); every column without it',
          }),
        }),
        response: { 200: csvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { fields, ...filters } = request.query;
      // Checked before the first byte: a bad column is a 400 with its message, not a broken download.
      const stream = Readable.from(usersCsv(app.ctx, filters, exportColumns(fields)));
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="postkeeper-users.csv"')
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          // A stream goes out as it is read (Fastify serializes no stream); the string schema only documents the 200.
          .send(stream as unknown as string)
      );
    },
  );
}
