import type { Db } from "#app/db/schema";
import { forbiddenAnswer, recordResponse } from "#app/features/backoffice/resource-api.server";
import { getRecord, mayUse } from "#app/features/backoffice/resource.server";
import type { StaffUser } from "#app/features/staff/staff-auth.server";
import { de } from "#app/i18n/de-backoffice";
import { settingsResource, SETTINGS_ID } from "./settings.resource";

/**
 * What `GET /api/config` (spec section 7) answers this staff member: the shop's settings for
 * administrators, else the refusal. `GET /api/init` calls it for its config entry.
 */
export async function configAnswer(db: Db, user: StaffUser): Promise<Response> {
  if (!mayUse(settingsResource, user)) return forbiddenAnswer();
  const loaded = await getRecord(db, settingsResource, user, SETTINGS_ID);
  if (!loaded.ok) {
    return Response.json(
      { errors: [{ message: de.resources.settings.errors.load }] },
      { status: loaded.status },
    );
  }
  return recordResponse(settingsResource, loaded.value);
}
