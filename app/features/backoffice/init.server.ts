import type { AppLoadContext } from "@remix-run/node";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the software's version lives only there
import { version } from "../../../package.json";
import { resourceNamed } from "#app/features/resources.server";
import { configAnswer } from "#app/features/settings/config-record.server";
import { requireStaff } from "#app/features/staff/staff-auth.server";
import { forbiddenAnswer, listAnswer } from "./resource-api.server";
import { mayUse } from "./resource.server";

/**
 * `GET /api/init` (spec section 7): everything a back-office client loads at start, as a list of
 * `{ url, status, data }` entries. Each `data` is exactly what the single call `GET <url>`
 * answers this staff member (decision 099): the same functions make it — the list's serializer
 * with its tags, opening hours, delivery areas and versions, its first page and `meta`, or the
 * refusal of a resource they may not use. The answer also names the shop software's `version`.
 */
export const INIT_LISTS = [
  "divisions",
  "branches",
  "menus",
  "categories",
  "products",
  "tags",
  "tables",
  "sites",
  "navigations",
  "blocks",
  "donatees",
] as const;

export interface InitEntry {
  url: string;
  status: number;
  data: unknown;
}

export async function initAnswer(request: Request, context: AppLoadContext) {
  const user = await requireStaff(request, context);
  const lists = INIT_LISTS.map(async (name): Promise<[string, Response]> => {
    const definition = resourceNamed(name);
    if (!definition) throw new Error(`Bereich ohne Beschreibung: ${name}`);
    if (!mayUse(definition, user)) return [name, forbiddenAnswer()];
    return [name, await listAnswer(context, definition, user, new URLSearchParams())];
  });
  const answers = await Promise.all([
    configAnswer(context.db, user).then((response): [string, Response] => ["config", response]),
    ...lists,
  ]);
  const data: InitEntry[] = await Promise.all(
    answers.map(async ([name, response]) => ({
      url: `/api/${name}`,
      status: response.status,
      data: await response.json(),
    })),
  );
  return { data, version };
}
