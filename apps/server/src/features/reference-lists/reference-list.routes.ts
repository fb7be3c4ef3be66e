import type { EndpointDef, PagedRequest } from '@sapwood/contracts';
import type { AuthedCallContext } from '../../http/context';
import type { Handlers, Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { type ReferenceListRules, ReferenceListService, type ReferenceListUpsert } from './reference-list.service';

/** The calls the block answers; a list's declaration names the one behind each of its endpoints. */
export type ReferenceListCall = 'paged' | 'index' | 'activeIndex' | 'upsert' | 'setActive' | 'delete' | 'archive';

type Input = Record<string, unknown> & { id: number };
/** Every call is declared with a permission or a session (the endpoint registry test checks access). */
type Call = (input: Input, c: AuthedCallContext) => unknown;

/** Registers a list's endpoints, each answered by the block's call named for it (the registrar checks input and answer against the contract). */
export function registerReferenceList<E extends Record<string, EndpointDef>>(
  registrar: Registrar,
  ctx: FeatureContext,
  endpoints: E,
  calls: { [K in keyof E]: ReferenceListCall },
  rules: ReferenceListRules,
): void {
  const service = new ReferenceListService(ctx.db, rules, ctx.references);
  const answer: Record<ReferenceListCall, Call> = {
    paged: (input) => service.paged(input as unknown as PagedRequest),
    index: () => service.index(false),
    activeIndex: () => service.index(true),
    upsert: (input, c) => service.upsert(input as ReferenceListUpsert, c.user.id),
    setActive: (input, c) => service.setActive(input.id, input.active as boolean, c.user.id),
    delete: (input, c) => service.remove(input.id, c.user.id),
    archive: (input, c) => service.archive(input.id, input.assignId as number, c.user.id),
  };
  const handlers = Object.fromEntries(Object.entries(calls).map(([key, call]) => {
    // a pick list answers the contract's fields only (its rows are read with every column of the list)
    const picked: Call = async (input, c) => endpoints[key].output.parse(await answer[call](input, c));
    return [key, call === 'index' || call === 'activeIndex' ? picked : answer[call]];
  }));
  registrar.feature(endpoints, handlers as unknown as Handlers<E>);
}
