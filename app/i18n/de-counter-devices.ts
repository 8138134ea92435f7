/**
 * Own wording of the counter views' additions (issue 36, item 13, decision 079): the spec names
 * the views (GET /orders/frontdesk|backoffice/{branchId}/{apiKey}) but not these texts.
 */
export const deCounterDevices = {
  /** The two order actions a counter device offers (the board's words). */
  actions: { confirm: "Bestätigen", completed: "Abschließen" },
  actionLabel: (action: "confirm" | "completed", ticket: string) =>
    `${action === "confirm" ? "Bestätigen" : "Abschließen"}: Bestellung ${ticket}`,
  invalidAction: "Diese Aktion gibt es hier nicht, oder die Bestellung ist unbekannt.",
  /** Without JavaScript the view reloads itself; the link does it at once. */
  refresh: "Jetzt aktualisieren",
  refreshing: "Die Ansicht aktualisiert sich alle 10 Sekunden.",
  items: "Artikel",
} as const;
