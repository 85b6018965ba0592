import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './usersRoutes';
import { couponRoutes } from './couponRoutes';
import { abuseRoutes } from './abuseRoutes';
import { aiConfigRoutes } from './aiConfigRoutes';
import { costRoutes } from './costRoutes';

/** Every admin endpoint; app.ts mounts this inside the one guarded /api/admin scope. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(usersRoutes);
  await app.register(couponRoutes);
  await app.register(abuseRoutes);
  await app.register(aiConfigRoutes);
  await app.register(costRoutes);
}
