/** German texts of the customers' personal data (issue 41 part 7, decision 112). */
export const dePrivacy = {
  area: {
    label: "Kundendaten (DSGVO)",
    description:
      "Bestellungen einer Kundin oder eines Kunden finden, Auskunft herunterladen (Art. 15) und Daten löschen (Art. 17).",
  },
  title: "Kundendaten (DSGVO)",
  intro:
    "Suchen Sie nach E-Mail-Adresse oder Telefonnummer. Die Auskunft enthält alle gespeicherten Bestellungen mit Kontaktdaten, Artikeln, Dateinamen und Statusverlauf. Beim Löschen werden Name, E-Mail, Telefon, Adresse, Anmerkungen, Texte auf Artikeln (etwa Aufschriften), hochgeladene Fotos und die gesendeten E-Mails und SMS entfernt; Artikel, Preise, Steuern und Zahlungsdaten bleiben für die Buchhaltung erhalten.",
  labels: {
    query: "E-Mail-Adresse oder Telefonnummer",
    search: "Suchen",
    order: "Bestellung",
    createdAt: "Datum",
    branch: "Filiale",
    name: "Name",
    total: "Summe",
    state: "Status",
  },
  export: "Auskunft herunterladen (JSON)",
  erase: "Kundendaten dieser Bestellungen löschen",
  confirmTitle: (count: number) =>
    count === 1
      ? "Kundendaten von 1 Bestellung wirklich löschen?"
      : `Kundendaten von ${count} Bestellungen wirklich löschen?`,
  confirmText:
    "Name, E-Mail, Telefon, Adresse, Anmerkungen, Texte auf Artikeln, hochgeladene Fotos und gesendete Nachrichten werden endgültig entfernt. Das lässt sich nicht rückgängig machen.",
  confirm: "Ja, endgültig löschen",
  cancel: "Abbrechen",
  none: "Keine Bestellungen mit diesen Kontaktdaten gefunden.",
  found: (count: number) =>
    count === 1 ? "1 Bestellung gefunden." : `${count} Bestellungen gefunden.`,
  erased: (count: number) =>
    count === 1
      ? "Die Kundendaten von 1 Bestellung wurden gelöscht."
      : `Die Kundendaten von ${count} Bestellungen wurden gelöscht.`,
  errors: {
    query:
      "E-Mail-Adresse oder Telefonnummer: Bitte eine E-Mail-Adresse oder eine Telefonnummer mit mindestens 6 Ziffern eingeben.",
    badRequest: "Die Anfrage konnte nicht gelesen werden.",
    confirm: "Bitte das Löschen bestätigen.",
    erase: "Die Kundendaten konnten nicht gelöscht werden. Bitte später erneut versuchen.",
  },
  worker: {
    anonymised: (orders: number) =>
      `Kundendaten von ${orders} Bestellung(en) nach Ablauf der Aufbewahrungsfrist entfernt.`,
    failed: (problem: string) =>
      `Entfernen abgelaufener Kundendaten fehlgeschlagen (neuer Versuch später): ${problem}`,
  },
} as const;
