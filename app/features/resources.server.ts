import { RESOURCE_NAMES } from "./areas";
import { registerResources, type ResourceDefinition } from "./backoffice/resource.server";

/**
 * The server's half of the registry (decision 083): the description of every standard resource
 * the registry (`./areas.ts`) names, found in its area folder as `<name>.resource.ts` (or
 * `<area>.resources.ts` for several), and handed to the engine. Importing this module registers
 * them; the routes that serve resources import it. A name without a description stops the
 * server at start-up, so a missing file is found at once, not at the first request.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ["./*/*.resource.ts", "./*/*.resources.ts"],
  { eager: true },
);

const isDefinition = (value: unknown): value is ResourceDefinition =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ResourceDefinition).name === "string" &&
  typeof (value as ResourceDefinition).table === "string" &&
  Array.isArray((value as ResourceDefinition).fields);

const described = new Map(
  Object.values(modules)
    .flatMap((exports) => Object.values(exports))
    .filter(isDefinition)
    .map((definition) => [definition.name, definition] as const),
);

export const REGISTERED_RESOURCES: readonly ResourceDefinition[] = RESOURCE_NAMES.map((name) => {
  const definition = described.get(name);
  if (!definition) throw new Error(`Bereich ohne Beschreibung: ${name}.resource.ts fehlt`);
  return definition;
});

registerResources(...REGISTERED_RESOURCES);

const byName = new Map(REGISTERED_RESOURCES.map((definition) => [definition.name, definition]));

/** The resource an address names: `/api/tags/3` and `/backend/tags/3` name `tags`; else 404. */
export function resourceAt(request: Request): ResourceDefinition {
  const name = new URL(request.url).pathname.split("/")[2] ?? "";
  const definition = byName.get(name);
  if (!definition) throw new Response(null, { status: 404 });
  return definition;
}

export { allResources, resourceNamed } from "./backoffice/resource.server";
