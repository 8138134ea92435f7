// The one place that names Remix's route types (decision 090).
/* eslint-disable @typescript-eslint/no-restricted-imports */
import type {
  ActionFunctionArgs,
  HeadersFunction as RemixHeadersFunction,
  LinksFunction as RemixLinksFunction,
  LoaderFunctionArgs,
  MetaFunction as RemixMetaFunction,
} from "@remix-run/node";
/* eslint-enable @typescript-eslint/no-restricted-imports */

/**
 * The route module's types under React Router 7's names (decision 090); `route-types.ts` offers
 * them as one namespace, `Route`. Types only: nothing here reaches a bundle.
 */

/** What a `loader` is called with: `request`, `context`, `params`. */
export type LoaderArgs = LoaderFunctionArgs;

/** What an `action` is called with: `request`, `context`, `params`. */
export type ActionArgs = ActionFunctionArgs;

/** A `meta` export; `Route.MetaFunction<typeof loader>` types its `data`. */
export type MetaFunction<
  Loader = unknown,
  MatchLoaders extends Record<string, unknown> = Record<string, unknown>,
> = RemixMetaFunction<Loader, MatchLoaders>;

/** A `links` export. */
export type LinksFunction = RemixLinksFunction;

/** A `headers` export. */
export type HeadersFunction = RemixHeadersFunction;
