import type { AppLoadContext } from "@remix-run/node";
import { de } from "../../i18n/de-backoffice";
import { guard, problems } from "../backoffice/resource-api.server";
import { getRecord } from "../backoffice/resource.server";
import { parseId } from "../../domain/values";
import { branchesResource } from "./branches.resource";

/**
 * `GET /api/branches/{id}/menus` (spec section 7): the menus that serve a branch, newest first,
 * with whether each is the one active now (the latest whose `availableFrom` has passed).
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
  const menus = await context.db
    .selectFrom("menus")
    .innerJoin("menuBranches", "menuBranches.menuId", "menus.id")
    .select(["menus.id", "menus.name", "menus.availableFrom", "menus.updatedAt"])
    .where("menuBranches.branchId", "=", id)
    .orderBy("menus.availableFrom", "desc")
    .execute();
  const active = menus.find((menu) => new Date(menu.availableFrom) <= now)?.id ?? null;
  return Response.json({
    data: menus.map((menu) => ({ ...menu, isActive: menu.id === active })),
  });
}
