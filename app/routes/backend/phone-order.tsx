import { data, redirect } from "@remix-run/node";
import type { Route } from "#app/server/route-types";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { insertCart } from "#app/db/queries/carts";
import { canAccessBranch } from "#app/domain/staff-permissions";
import { Button } from "#app/components/ui";
import { de } from "#app/i18n/de-staff";
import { rememberCart } from "#app/features/cart/cart-cookie.server";
import { defaultDeliveryType } from "#app/features/cart/cart.server";
import { referenceBranches, referenceSettings } from "#app/features/shared/reference-data.server";
import { requireBranch, requireStaff } from "#app/features/staff/staff-auth.server";
import { storePath } from "#app/features/storefront/store-paths";
import { idSchema } from "#app/domain/values";
import { staffPageMeta } from "#app/components/backend/staff-page-meta";

/**
 * A phone order: staff start a fresh cart for one of their branches and take the customer's order
 * through the storefront and its checkout, the same order service as every online order. The
 * checkout sees the signed-in staff member, notes the order as taken by phone in the audit log
 * and leads back to the order in the back office (decision 019).
 */
const texts = de.phoneOrder;

export const meta: Route.MetaFunction = () => staffPageMeta(texts.title);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const branches = await referenceBranches(context.db);
  return {
    branches: branches
      .filter((branch) => canAccessBranch(user, branch.id))
      .map((branch) => ({ id: branch.id, name: branch.name })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  let fields: Record<string, unknown>;
  try {
    fields = Object.fromEntries(await request.formData());
  } catch {
    return data({ error: texts.badRequest }, { status: 400 });
  }
  const parsed = z.object({ branchId: idSchema }).safeParse(fields);
  if (!parsed.success) return data({ error: texts.badRequest }, { status: 400 });
  requireBranch(user, parsed.data.branchId);
  const [branches, settings] = await Promise.all([
    referenceBranches(context.db),
    referenceSettings(context.db),
  ]);
  const branch = branches.find((candidate) => candidate.id === parsed.data.branchId);
  if (!branch) return data({ error: texts.badRequest }, { status: 400 });
  const type = defaultDeliveryType(branch, settings.defaultDeliveryMethod);
  const cart = await insertCart(context.db, {
    branchId: branch.id,
    isDelivery: type === "delivery",
    isDineIn: type === "dine-in",
  });
  return redirect(storePath(branch.identifier), {
    status: 303,
    headers: { "Set-Cookie": await rememberCart(request, context, branch.id, cart.id) },
  });
}

export default function PhoneOrder() {
  const { branches } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="phone-title" className="phone-order">
      <h1 id="phone-title">{texts.title}</h1>
      <p>{texts.intro}</p>
      <ul className="phone-branches">
        {branches.map((branch) => (
          <li key={branch.id}>
            <Form method="post">
              <input type="hidden" name="branchId" value={branch.id} />
              <Button type="submit">{texts.start(branch.name)}</Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
