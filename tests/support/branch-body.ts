/**
 * A complete branch as the API takes it: every kind of field, 20 opening-hours rules and 10
 * delivery areas (issue 14's benchmark case). Shared by tests/integration/branches.test.ts and
 * bench/back-office.ts.
 */
const weekRules = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
].flatMap((type) => [
  { type, from: "06:30", to: "12:00" },
  { type, from: "13:00", to: "18:30" },
]);

export function fullBranch(identifier: string, name = `Filiale ${identifier}`) {
  return {
    name,
    identifier,
    street: "Kornweg 1",
    zipCode: "79098",
    city: "Freiburg",
    phone: "+49 761 123456",
    email: "filiale@example.org",
    latitude: 47.995,
    longitude: 7.85,
    isPublic: true,
    isTakeawayEnabled: true,
    isDeliveryEnabled: true,
    isCashEnabled: true,
    isDeliveryPhoneRequired: true,
    keywords: "Brot Brötchen",
    openingHours: [
      ...weekRules,
      { type: "once", date: "2026-12-24", from: "07:00", to: "12:00" },
      { type: "once", date: "2026-12-25", isClosed: true },
      { type: "once", date: "2026-12-26", isClosed: true },
      { type: "once", date: "2026-12-31", from: "07:00", to: "13:00" },
      { type: "once", date: "2027-01-01", isClosed: true },
      { type: "daily", isClosed: true },
    ].slice(0, 20),
    deliveryHours: [{ type: "daily", from: "10:00", to: "17:00" }],
    deliveryAreas: Array.from({ length: 10 }, (_, index) => ({
      // The spec's names (section 3, decision 097): area, tax, free.
      area: `Zone ${index + 1}`,
      price: 150 + index * 50,
      tax: 7,
      free: false,
      freeFromOrderValue: 5000,
      minimumOrderValue: 1500,
      postcodes: `7909${index}`,
    })),
  };
}
