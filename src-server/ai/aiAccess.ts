import type { UserRow } from '../db/schema';

/** Free accounts get the pricing's "basic categorization"; every other AI task is a Premium feature. */
export const FREE_AI_TASKS: readonly string[] = ['categorization'];

export type AiAccess = { allowed: true } | { allowed: false; message: string };

type AiUser = Pick<UserRow, 'plan' | 'flaggedForAbuse'>;

/** Whether this account may run this AI task now; the message says why not. */
export function aiAccess(user: AiUser, taskType: string): AiAccess {
  if (user.flaggedForAbuse)
    return { allowed: false, message: 'AI features are suspended on this account. Please contact support.' };
  if (user.plan !== 'premium' && !FREE_AI_TASKS.includes(taskType))
    return { allowed: false, message: 'This AI feature is part of Premium. Upgrade to Premium to use it.' };
  return { allowed: true };
}

/** The account's AI features (everything beyond basic categorization) are on. */
export const aiEnabled = (user: AiUser): boolean => user.plan === 'premium' && !user.flaggedForAbuse;
