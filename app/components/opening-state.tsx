import type { OpeningStateView } from "#app/features/storefront/opening.server";

export function OpeningStateLine({ state }: { state: OpeningStateView }) {
  return <p className={`opening-state is-${state.kind}`}>{state.label}</p>;
}
