import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  couponSchema,
  couponsQuerySchema,
  couponStatsSchema,
  createCouponSchema,
  updateCouponSchema,
} from '../../src/contract/admin';
import { couponsFilterSchema } from '../../src/contract/adminLists';
import {
  couponStats,
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  setCouponActive,
} from './couponsService';
import { updateCoupon } from './couponUpdate';
import { operator } from './adminContext';
import { adminList } from './listRoute';
import { errorResponses, idParamsSchema, messageSchema } from '../../src/contract/common';

export async function couponsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  adminList(app, {
    url: '/coupons',
    summary: 'Coupons by status and code',
    key: 'coupons',
    query: couponsQuerySchema,
    filter: couponsFilterSchema,
    record: couponSchema,
    service: listCoupons,
  });

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
          // The record's fields also sit at the top, so simple-rest's create reads the record.
          201: couponSchema.extend({ message: z.string(), coupon: couponSchema }),
          409: messageSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.ctx, operator(request), request.body);
      return reply.code(201).send({ ...coupon, message: `Coupon ${coupon.code} created`, coupon });
    },
  );

  app.get(
    '/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One coupon',
        params: idParamsSchema,
        response: { 200: couponSchema, ...errorResponses },
      },
    },
    async (request) => getCoupon(app.ctx, request.params.id),
  );

  app.put(
    '/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Edit a coupon's code, discount, usage limit, expiry or status; fields left out keep their value, and the result follows the create form's rules",
        params: idParamsSchema,
        body: updateCouponSchema,
        response: { 200: couponSchema, 409: messageSchema, ...errorResponses },
      },
    },
    async (request) => updateCoupon(app.ctx, operator(request), request.params.id, request.body),
  );

  app.patch(
    '/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate or deactivate a coupon',
        params: idParamsSchema,
        body: z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) }),
        response: { 200: z.object({ message: z.string(), coupon: couponSchema }), ...errorResponses },
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
        summary: 'Delete a coupon; answers the deleted coupon and a message',
        params: idParamsSchema,
        response: { 200: couponSchema.extend({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const coupon = await deleteCoupon(app.ctx, operator(request), request.params.id);
      return { ...coupon, message: 'Coupon deleted' };
    },
  );
}
