import {
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { EndpointDef, InputOf, OutputOf } from '@sapwood/contracts';
import { call, callMultipart } from './api';
import { reportError } from './reportError';

/**
 * Server state on the web has one home per endpoint (ADR 0072):
 * - the query key of an endpoint's answer is `[path]` or `[path, input]`, made only by `queryKeyOf`;
 * - a screen reads with `useEndpointQuery(endpoint, input)`;
 * - a change goes through `useEndpointMutation(endpoint, { invalidates })`, which names what it makes stale
 *   (endpoints, or whole feature groups of `apiFeatures`), and reports a failure through `reportError`
 *   unless the caller (a form) shows it itself.
 */

/** A feature's endpoints, as in `apiFeatures.agents`: invalidating it refreshes every answer of that feature. */
export type EndpointGroup = Readonly<Record<string, EndpointDef>>;
/** What a change makes stale. */
export type Invalidates = readonly (EndpointDef | EndpointGroup)[];

/** The one query key of an endpoint's answer (its path; then its input, when it takes one). */
export function queryKeyOf<E extends EndpointDef>(ep: E, input?: InputOf<E>): QueryKey {
  return input === undefined ? [ep.path] : [ep.path, input];
}

/** Query options of an endpoint: its key and its fetcher, typed by the declaration (`overlay`: hold the loading overlay while it loads). */
export function endpointQuery<E extends EndpointDef>(ep: E, input?: InputOf<E>, { overlay }: { overlay?: boolean } = {}) {
  return queryOptions<OutputOf<E>, Error, OutputOf<E>, QueryKey>({
    queryKey: queryKeyOf(ep, input),
    queryFn: ({ signal }) => call(ep, input, { signal, overlay }),
  });
}

export type EndpointQueryOptions<E extends EndpointDef, T = OutputOf<E>> = Omit<
  UseQueryOptions<OutputOf<E>, Error, T, QueryKey>,
  'queryKey' | 'queryFn'
> & {
  /** hold the loading overlay while the answer loads (a failure says 'Something went wrong.') */
  overlay?: boolean;
};

/** Reads an endpoint's answer (cached under its own key). */
export function useEndpointQuery<E extends EndpointDef, T = OutputOf<E>>(ep: E, input?: InputOf<E>, options?: EndpointQueryOptions<E, T>) {
  const { overlay, ...rest } = options ?? {};
  return useQuery({ ...endpointQuery(ep, input, { overlay }), ...rest } as UseQueryOptions<OutputOf<E>, Error, T, QueryKey>);
}

function isEndpoint(x: EndpointDef | EndpointGroup): x is EndpointDef {
  return typeof (x as EndpointDef).path === 'string' && typeof (x as EndpointDef).method === 'string';
}

/** The paths a change makes stale: each endpoint's own, and every endpoint of a named feature group. */
export function pathsOf(targets: Invalidates): string[] {
  const paths = new Set<string>();
  for (const t of targets) {
    if (isEndpoint(t)) paths.add(t.path);
    else for (const ep of Object.values(t)) paths.add(ep.path);
  }
  return [...paths];
}

/** Marks the answers of the given endpoints (and feature groups) stale; those on screen load again. */
export async function invalidate(qc: QueryClient, targets: Invalidates): Promise<void> {
  await Promise.all(pathsOf(targets).map((path) => qc.invalidateQueries({ queryKey: [path] })));
}

/** `invalidate` bound to the app's query client. */
export function useInvalidate(): (targets: Invalidates) => Promise<void> {
  const qc = useQueryClient();
  return (targets) => invalidate(qc, targets);
}

export interface EndpointMutationOptions<E extends EndpointDef> {
  /** what this change makes stale (say `[]` when it changes nothing another screen shows) */
  invalidates: Invalidates;
  /** runs on success; the invalidation follows either way (a refused change may mean the screen is stale) */
  onSuccess?: (result: OutputOf<E>, input: InputOf<E>) => void;
  /**
   * What to do with a failure. By default it is reported by `reportError` (a snack with the server's words
   * for a 4xx). Forms pass `false` and show the failure on their fields (`useContractForm`).
   */
  onError?: false | ((err: unknown, input: InputOf<E>) => void);
  /** hold the loading overlay while the call runs */
  overlay?: boolean;
  /**
   * The change is done (`mutateAsync` resolves, a `mutate` call's own callbacks run) only once the answers it
   * made stale and that are on screen have loaded again: for a control that shows its new value until then.
   */
  awaitRefresh?: boolean;
}

/** The one mutation behind both hooks below: a call, its invalidations when it settles, one failure report. */
function useCallMutation<Out, In>(
  fn: (input: In) => Promise<Out>,
  opts: Omit<EndpointMutationOptions<EndpointDef>, 'onSuccess' | 'onError'> & {
    onSuccess?: (result: Out, input: In) => void;
    onError?: false | ((err: unknown, input: In) => void);
  },
) {
  const qc = useQueryClient();
  return useMutation<Out, unknown, In>({
    mutationFn: fn,
    onSuccess: (result, input) => opts.onSuccess?.(result, input),
    // a refused change (a 409 over a newer row) makes the shown answers suspect too
    onSettled: () => {
      const refreshed = invalidate(qc, opts.invalidates);
      return opts.awaitRefresh ? refreshed : undefined;
    },
    onError: (err, input) => {
      if (opts.onError === false) return;
      if (opts.onError) opts.onError(err, input);
      else reportError(err);
    },
  });
}

/** A change through an endpoint: typed input, its invalidations, and one way to report a failure. */
export function useEndpointMutation<E extends EndpointDef>(ep: E, opts: EndpointMutationOptions<E>) {
  return useCallMutation<OutputOf<E>, InputOf<E>>((input) => call(ep, input, { overlay: opts.overlay }), opts);
}

/**
 * A change the screen follows itself, row by row (an entry grid's saves, with their own status per row): a
 * stable function calling the endpoint, without a mutation's state, so its host does not render again when a
 * call starts and ends (in the results dialog two renders of 500 rows' context per Enter; bench:entry). It makes
 * nothing stale: the caller refreshes what it shows.
 */
export function useEndpointCall<E extends EndpointDef>(ep: E): (input: InputOf<E>) => Promise<OutputOf<E>> {
  return useCallback((input: InputOf<E>) => call(ep, input), [ep]);
}

/**
 * A change through an endpoint declared `multipart` (a file upload): the same invalidations and failure
 * reporting as `useEndpointMutation`, the body being the form's `FormData`.
 */
export function useUploadMutation<E extends EndpointDef>(
  ep: E,
  opts: Omit<EndpointMutationOptions<E>, 'onSuccess' | 'onError'> & {
    onSuccess?: (result: OutputOf<E>, body: FormData) => void;
    onError?: false | ((err: unknown, body: FormData) => void);
  },
) {
  return useCallMutation<OutputOf<E>, FormData>((body) => callMultipart(ep, body, { overlay: opts.overlay }), opts);
}
