import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  couponSchema,
  couponsQuerySchema,
  couponStatsSchema,
  createCouponSchema,
  listParamsSchema,
  messageSchema,
} from '../../src/contract/admin';
import { couponStats, createCoupon, deleteCoupon, listCoupons, setCouponActive } from './couponsService';
import { isPaged, operator, sendTotal } from './adminContext';

const idParams = z.object({ id: z.string().max(64) });
const errors = { 400: messageSchema, 401: messageSchema, 403: messageSchema, 404: messageSchema };

export async function couponRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Coupons by status and code; paged when asked (total in X-Total-Count)',
        querystring: couponsQuerySchema.extend(listParamsSchema.shape),
        response: { 200: z.object({ coupons: z.array(couponSchema) }), ...errors },
      },
    },
    async (request, reply) => {
      const { status, search, ...params } = request.query;
      const { coupons, total } = await listCoupons(app.ctx, { status, search }, params);
      sendTotal(reply, total, isPaged(params));
      return { coupons };
    },
  );

  app.get(
    '/coupons/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Coupon statistics',
        response: { 200: z.object({ stats: couponStatsSchema }) },
      },
    },
    async () => ({
      stats: await couponStats(app.ctx),
    }),
  );

  app.post(
    '/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a coupon',
        body: createCouponSchema,
        response: {
          201: z.object({ message: z.string(), coupon: couponSchema }),
          409: messageSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.ctx, operator(request), request.body);
      return reply.code(201).send({ message: `Coupon ${coupon.code} created`, coupon });
    },
  );

  app.patch(
    '/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate or deactivate a coupon',
        params: idParams,
        body: z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) }),
        response: { 200: z.object({ message: z.string(), coupon: couponSchema }), ...errors },
      },
    },
    async (request) => {
      const coupon = await setCouponActive(
        app.ctx,
        operator(request),
        request.params.id,
        request.body.isActive,
      );
      return { message: coupon.isActive ? 'Coupon activated' : 'Coupon deactivated', coupon };
    },
  );

  app.delete(
    '/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a coupon',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCoupon(app.ctx, operator(request), request.params.id);
      return { message: 'Coupon deleted' };
    },
  );
}
