// What a plan said before the wiki changed it: the edit guard and the gone-page lookup both change items, and the plan
// digest's files-only view describes the plan as a run without page access would have made it (planDigest.ts).
import type { PlanItem } from './planItem';

/** Keeps what the plan said before the wiki changed it (PlanItem.beforeWiki); the first change is the one kept. */
export function rememberPlanBeforeWiki(item: PlanItem): void {
  item.beforeWiki ??= { state: item.state, complete: item.complete };
}
