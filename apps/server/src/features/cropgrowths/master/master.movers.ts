import type { ReferenceMover } from '../../../platform/references/movers';
import { type ChildTable, ChildMergeRepository } from './child-merge.repository';

const children = new ChildMergeRepository();

/**
 * A crop deleted with a link to another (the crop master's delete) gives the target its cultivars, regions
 * and growth stages (issue 31). A live child named like one of the target's (trimmed, any case) merges into
 * it: every reference to it moves on to the target's child through the registry (entries, samples,
 * submissions), the norms and range overrides the target's child lacks come over, and it is archived; so a
 * clone deleted back into its original leaves the original as it was, each child once. The other children
 * become the target's with their norms (stages after the target's own, in their order; then numbered 1..n).
 * The crop's own norms and DRIS norms stay with it (the target keeps its own). A cultivar deleted with a link:
 * nothing of the crop growth tables moves (its override values and norms stay with it); the lab's entries
 * move through the lab's movers.
 */
const childMover = (table: ChildTable): ReferenceMover => ({
  refers: 'crops', table, column: 'crop_id', same: { by: ['name'] },
  async move(tx, from, to, ctx) {
    if (!to) return [];
    const moved = await children.moveArchived(tx, table, from.id, to.id);
    for (const child of await children.live(tx, table, from.id)) {
      const twin = await children.named(tx, table, to.id, child.name);
      if (twin) {
        await ctx.references.move(table, child, twin);
        await children.merge(tx, table, child.id, { id: twin.id, cropId: to.id });
      } else {
        await children.reparent(tx, table, child.id, to.id);
      }
      moved.push(child.id);
    }
    if (table === 'growth_stages') await children.renumberStages(tx, to.id);
    return moved;
  },
});

export const cropMasterMovers: ReferenceMover[] = (['growth_stages', 'cultivars', 'regions'] as const).map(childMover);
