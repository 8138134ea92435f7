import type { AppLoadContext } from "@remix-run/node";
import { sql } from "kysely";
import { de } from "#app/i18n/de-backoffice";
import { guard, problems } from "#app/features/backoffice/resource-api.server";
import { getRecord } from "#app/features/backoffice/resource.server";
import { toApiRecord } from "#app/features/backoffice/api-names";
import { parseId } from "#app/domain/values";
import { branchesResource } from "./branches.resource";
import { menusResource } from "#app/features/catalogue/menus.resource";

/**
 * `GET /api/branches/{id}/menus` (spec section 7): the menus that serve a branch, newest first,
 * in the shape of `GET /api/menus/{id}`, with whether each is the one active now (the latest
 * whose `availableFrom` has passed).
 */
export async function branchMenusApi(
  request: Request,
  context: AppLoadContext,
  params: { id?: string },
) {
  const user = await guard(request, context, branchesResource);
  const id = parseId(params.id);
  if (id === null) return problems(404, [{ message: de.resources.edit.notFound }]);
  const branch = await getRecord(context.db, branchesResource, user, id);
  if (!branch.ok) {
    return problems(branch.status, [
      ...branch.errors,
      { message: de.resources.branches.errors.load },
    ]);
  }
  const now = new Date();
  // The same records as `GET /api/menus/{id}` (decision 036), newest first as the storefront
  // orders them, each with whether it is the one serving the branch now.
  const menus = await context.db
    .selectFrom("menus")
    .innerJoin("menuBranches", "menuBranches.menuId", "menus.id")
    .selectAll("menus")
    .select(sql<string>`menus.xmin::text`.as("version"))
    .where("menuBranches.branchId", "=", id)
    .orderBy("menus.availableFrom", "desc")
    .orderBy("menus.id", "desc")
    .execute();
  const active = menus.find((menu) => new Date(menu.availableFrom) <= now)?.id ?? null;
  const links = menus.length
    ? await context.db
        .selectFrom("menuBranches")
        .select(["menuId", "branchId"])
        .where(
          "menuId",
          "in",
          menus.map((menu) => menu.id),
        )
        .orderBy("branchId")
        .execute()
    : [];
  const data = await Promise.all(
    menus.map(async (menu) => ({
      ...menu,
      branchIds: links.filter((link) => link.menuId === menu.id).map((link) => link.branchId),
      ...(await menusResource.loadExtra!(context.db, menu.id)),
      isActive: menu.id === active,
    })),
  );
  // Under the spec's names, as `GET /api/menus/{id}` answers (decision 097).
  return Response.json({ data: data.map((menu) => toApiRecord(menusResource, menu)) });
}
