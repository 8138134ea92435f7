import type { Db } from "#app/db/schema";
import { openingState, type OpeningHoursRule } from "#app/domain/opening-hours";
import { closedNotice, deliveryNotice, weeklyHours } from "#app/domain/opening-display";
import { branchOpening, effectiveHours } from "./opening.server";
import { referenceBranch, referenceSettings } from "#app/features/shared/reference-data.server";

export async function loadBranch(db: Db, identifier: string, now: Date) {
  const [settings, branch] = await Promise.all([
    referenceSettings(db),
    referenceBranch(db, identifier),
  ]);
  if (!branch || !branch.isPublic) return null;
  const zone = settings.businessTimeZone;
  const opening = branchOpening(branch, now, zone);
  const hours = effectiveHours(branch, now, zone);
  const notice = closedNotice(
    opening.state,
    now,
    {
      isPreorderEnabled: branch.isPreorderEnabled,
      closedMessage: branch.closedMessage,
    },
    zone,
  );
  return {
    id: branch.id,
    identifier: branch.identifier,
    name: branch.name,
    description: branch.description,
    pageTitle: `${branch.name} - ${settings.seoTitle || settings.title || settings.shopName}`,
    openingState: opening.view,
    closedNotice: notice.length > 0 ? notice.join(" ") : null,
    /** The hours part below the menu (issue 17): this week's tables and the reservation teaser. */
    hours: {
      address: [branch.street, [branch.zipCode, branch.city].filter(Boolean).join(" ")].filter(
        Boolean,
      ),
      opening: hoursRows(hours.openingHours, now, zone),
      // Null without delivery; the opening hours' rows when the branch delivers while open.
      delivery: branch.isDeliveryEnabled ? hoursRows(hours.deliveryHours, now, zone) : null,
      deliveryFollowsOpening: branch.isDeliveryEnabled && !branch.isDeliveryHoursEnabled,
      reservationPhone: branch.isDineInEnabled && branch.phone ? branch.phone : null,
    },
  };
}

/** Shown in the cart panel while delivery is chosen: when delivery starts or ends, or null. */
export function branchDeliveryNotice(
  branch: Parameters<typeof effectiveHours>[0],
  now: Date,
  zone: string,
): string | null {
  if (!branch.isDeliveryEnabled) return null;
  const hours = effectiveHours(branch, now, zone);
  return deliveryNotice(true, openingState(hours.deliveryHours, now, zone), now, zone);
}

function hoursRows(rules: readonly OpeningHoursRule[], now: Date, zone: string) {
  return weeklyHours(rules, now, zone).map((row) => ({
    day: row.dayName,
    text: row.text,
  }));
}
