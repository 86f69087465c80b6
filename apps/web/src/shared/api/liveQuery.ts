/**
 * Issue 25 item 15, the one way screens stay current without a reload (docs/architecture.md, "Live screens"):
 * - every query is read again when the window gets the focus back, if it is stale (the default of queryClient);
 * - a view of something that can still change by itself (a request out for signature, a campaign or an operation
 *   being sent or signed, an account suspended) is *live*: while it is open and visible it is read again every
 *   `liveViewPollMs`, and at every focus even when fresh; it stops once the thing is final.
 * Polling pauses while the tab is hidden (TanStack's default), and the focus refetch catches up when it is back.
 */
export const liveViewPollMs = 3000;

/** The options of a live query: `isLive` tells from its data whether it can still change by itself. */
export function liveWhile<TData>(isLive: (data: TData) => boolean, everyMs: number = liveViewPollMs) {
  return {
    refetchInterval: (query: { state: { data: TData | undefined } }): number | false =>
      query.state.data !== undefined && isLive(query.state.data) ? everyMs : false,
    refetchOnWindowFocus: (query: { state: { data: TData | undefined } }): boolean | 'always' =>
      query.state.data !== undefined && isLive(query.state.data) ? 'always' : true,
  };
}

/** The options of a query read with a live one (its statistics, its rows): polled as long as `live` is true. */
export function liveAlong(live: boolean, everyMs: number = liveViewPollMs): { refetchInterval: number | false; refetchOnWindowFocus: boolean | 'always' } {
  return { refetchInterval: live ? everyMs : false, refetchOnWindowFocus: live ? 'always' : true };
}
