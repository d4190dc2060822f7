import { z } from 'zod';
import { day, orderedRange, page, pageOf, pageSize } from './shared.ts';

/** GET /api/v1/admin/audit: the staff audit trail, newest first. */
export const auditQuery = z
  .object({
    /** The staff member's email (exact, any case). */
    actor: z
      .string()
      .trim()
      .max(320, 'actor is at most 320 characters')
      .transform((s) => s.toLowerCase())
      .optional(),
    /** An action, e.g. refund.create, or its prefix ending in a dot: 'staff.' */
    action: z
      .string()
      .trim()
      .max(100, 'action is at most 100 characters')
      .regex(/^[a-z_.-]*$/, 'action is letters, dots, dashes and underscores, e.g. refund.create')
      .optional(),
    from: day('from').optional(),
    to: day('to').optional(),
    page,
    limit: pageSize,
  })
  .superRefine(orderedRange);
export type AuditQuery = z.input<typeof auditQuery>;

export const auditRow = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  actorRoles: z.array(z.string()),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  clientIp: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditPage = pageOf(auditRow);
