import type { Db } from "../../db/schema";
import { openingState } from "../../domain/opening-hours";
import { closedNotice, deliveryNotice } from "../../domain/opening-display";
import { branchOpening, toOpeningRule } from "./opening.server";
import { referenceBranch, referenceSettings } from "../shared/reference-data.server";

export async function loadBranch(db: Db, identifier: string, now: Date) {
  const [settings, branch] = await Promise.all([
    referenceSettings(db),
    referenceBranch(db, identifier),
  ]);
  if (!branch || !branch.isPublic) return null;
  const zone = settings.businessTimeZone;
  const opening = branchOpening(branch, now, zone);
  const notice = closedNotice(
    opening.state,
    now,
    {
      isPreorderEnabled: branch.isPreorderEnabled,
      closedMessage: branch.closedMessage,
    },
    zone,
  );
  const deliveryRules = branch.isDeliveryHoursEnabled ? branch.deliveryHours : branch.openingHours;
  return {
    id: branch.id,
    identifier: branch.identifier,
    name: branch.name,
    description: branch.description,
    pageTitle: `${branch.name} - ${settings.seoTitle || settings.title || settings.shopName}`,
    openingState: opening.view,
    closedNotice: notice.length > 0 ? notice.join(" ") : null,
    /** Shown in the cart panel while delivery is chosen. */
    deliveryNotice: branch.isDeliveryEnabled
      ? deliveryNotice(true, openingState(deliveryRules.map(toOpeningRule), now, zone), now, zone)
      : null,
  };
}
