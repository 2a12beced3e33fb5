import { ADMIN_MESSAGES, type AdminPlan, type CreatePlanBody, type UpdatePlanBody } from '@wink/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { plans } from '../../../db/schema/index';
import { HttpError, invalid } from '../../../lib/errors';
import type { PlanRow } from '../../../db/schema/index';
import { toPlanResource } from '../plans/plans-repository';
import { audit, type AdminActor } from './admin-audit';

// Spelled out with table names: Drizzle leaves them off the columns of a one-table select, where
// a bare "id" inside the subquery would mean the subscription's.
const subscribers = sql<number>`(SELECT count(*)::int FROM subscriptions s WHERE s.plan_id = "plans"."id" AND s.status IN ('active', 'past_due'))`;

const planNotFound = () => new HttpError(404, ADMIN_MESSAGES.planNotFound);

/** A plan id from its name and interval: "Leader" monthly becomes leader-month. */
export function planIdFor(name: string, interval: string | null | undefined): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${slug || 'plan'}-${interval ?? 'once'}`;
}

/** Plans as the console manages them: every plan, active or not, with who holds it. */
export class AdminPlans {
  constructor(
    private db: Db,
    private appUrl: string,
  ) {}

  private toResource(row: PlanRow, count: number): AdminPlan {
    return {
      ...toPlanResource(row, this.appUrl),
      stripe_price_id: row.stripePriceId,
      subscribers: Number(count),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  private async one(db: DbOrTx, id: string): Promise<AdminPlan> {
    const [row] = await db.select({ plan: plans, subscribers }).from(plans).where(eq(plans.id, id));
    if (!row) throw planNotFound();
    return this.toResource(row.plan, row.subscribers);
  }

  /** Active plans first, cheapest first, as the public list orders them. */
  async list(): Promise<AdminPlan[]> {
    const rows = await this.db
      .select({ plan: plans, subscribers })
      .from(plans)
      .orderBy(desc(plans.active), asc(plans.unitAmount), asc(plans.id));
    return rows.map((r) => this.toResource(r.plan, r.subscribers));
  }

  async create(actor: AdminActor, body: CreatePlanBody): Promise<AdminPlan> {
    const id = body.id ?? planIdFor(body.name, body.interval);
    const plan = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(plans)
        .values({
          id,
          name: body.name,
          type: body.type,
          description: body.description ?? '',
          features: body.features ?? [],
          unitAmount: body.unit_amount,
          interval: body.interval ?? null,
          stripePriceId: body.stripe_price_id ?? null,
          active: body.active ?? true,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw invalid('id', ADMIN_MESSAGES.planIdTaken);
      return this.toResource(row, 0);
    });
    audit(actor, 'plan.created', { plan_id: plan.id, plan: plan.name, type: plan.type, active: plan.active });
    return plan;
  }

  async update(actor: AdminActor, id: string, body: UpdatePlanBody): Promise<AdminPlan> {
    const changes = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.features !== undefined && { features: body.features }),
      ...(body.unit_amount !== undefined && { unitAmount: body.unit_amount }),
      ...(body.interval !== undefined && { interval: body.interval }),
      ...(body.stripe_price_id !== undefined && { stripePriceId: body.stripe_price_id }),
      ...(body.active !== undefined && { active: body.active }),
    };
    const plan = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(plans)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning({ id: plans.id });
      if (!row) throw planNotFound();
      return this.one(tx, id);
    });
    audit(actor, 'plan.updated', { plan_id: id, changes: body });
    return plan;
  }
}
