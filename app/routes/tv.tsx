import type { Route } from "#app/server/route-types";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deSignage } from "#app/i18n/de-signage";
import { isAdmin } from "#app/domain/staff-permissions";
import { currentStaff } from "#app/features/staff/staff-auth.server";
import { deviceCookie, deviceTokenOf, tvStateOf } from "#app/features/signage/signage.server";
import { sharedPlayerData } from "#app/features/signage/player-data.server";
import { TvPlayer } from "#app/features/signage/tv-player";
import signageStyles from "#app/styles/signage.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: signageStyles }];

/**
 * The TV player (issue 22, decision 060): a browser on a TV opens `/tv`. Unpaired it shows a
 * six-character code (and reloads itself every 5 s until staff pair it; a browser keeps its code
 * by its cookie, and one address gets a bounded number of new codes, decision 069); paired it plays its
 * stream full screen, pushed changes arriving over `/tv/events`. `?vorschau=<stream>` plays a
 * stream for signed-in administrators (the back office's preview). Without JavaScript the page
 * shows one segment and moves on by a meta refresh (`?i=` the next one).
 */
export const handle = { bare: true, backOffice: true };

/** The loader's `no-store` and, when too many codes were asked for, its `Retry-After`. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const index = Math.max(0, Math.min(Number(url.searchParams.get("i")) || 0, 1000));
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  const now = new Date();
  const preview = url.searchParams.get("vorschau");
  if (preview !== null) {
    const user = await currentStaff(request, context);
    const id = /^\d{1,9}$/.test(preview) ? Number(preview) : null;
    if (!user || !isAdmin(user) || id === null) {
      throw new Response(deSignage.player.nothing, { status: 404 });
    }
    return data(
      {
        kind: "paired" as const,
        preview: true,
        index,
        player: await sharedPlayerData(context.db, id, now),
      },
      { headers },
    );
  }
  const state = await tvStateOf(context.db, deviceTokenOf(request), now, context.clientAddress);
  if (state.kind === "busy") {
    // Too many new codes from this address (decision 069): nothing written, the page retries.
    return data(
      { kind: "busy" as const, minutes: state.minutes },
      { status: 429, headers: { ...headers, "Retry-After": String(state.minutes * 60) } },
    );
  }
  if (state.kind === "unpaired") {
    if (state.token) {
      headers["Set-Cookie"] = deviceCookie(
        state.token,
        context.config.publicOrigin.startsWith("https:"),
      );
    }
    return data({ kind: "unpaired" as const, code: state.code }, { headers });
  }
  return data(
    {
      kind: "paired" as const,
      preview: false,
      index,
      player: await sharedPlayerData(context.db, state.streamId, now),
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = () => [
  { title: deSignage.player.title },
  { name: "robots", content: "noindex" },
];

export default function TvPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.kind === "unpaired") {
    return (
      <div className="tv tv-pairing">
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
        <h1>{deSignage.player.pairTitle}</h1>
        <p>{deSignage.player.pairText}</p>
        <p className="tv-code" data-testid="pairing-code">
          {loaded.code}
        </p>
        <TvPlayer.PairingWatch />
      </div>
    );
  }
  if (loaded.kind === "busy") {
    return (
      <div className="tv tv-pairing">
        <noscript>
          <meta httpEquiv="refresh" content="60" />
        </noscript>
        <h1>{deSignage.player.pairTitle}</h1>
        <p data-testid="pairing-busy">{deSignage.player.tooManyCodes(loaded.minutes)}</p>
        <TvPlayer.PairingWatch />
      </div>
    );
  }
  return <TvPlayer data={loaded.player} preview={loaded.preview} startIndex={loaded.index} />;
}
