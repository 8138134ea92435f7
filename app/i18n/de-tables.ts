/** German texts of the tables' QR codes (issue 36, item 4; own wording, decision 076). */
export const deTables = {
  sheetLink: "QR-Codes drucken",
  sheetTitle: "QR-Codes der Tische",
  intro:
    "Jeder Code öffnet die Speisekarte der Filiale für diesen Tisch; die Kasse schlägt den Tisch beim Bestellen vor Ort vor. Drucken Sie die Seite auf A4 und schneiden Sie die Codes aus.",
  print: "Drucken",
  branch: "Filiale",
  filter: "Filiale der QR-Codes wählen",
  allBranches: "Alle Filialen",
  show: "Anzeigen",
  noTables: "Noch keine Tische. Legen Sie unter Tische zuerst einen Tisch an.",
  scan: "Scannen und bestellen",
  codeOf: (name: string) => `QR-Code für ${name}`,
  download: "Herunterladen:",
  svgLabel: (name: string) => `QR-Code für ${name} als SVG herunterladen`,
  pngLabel: (name: string) => `QR-Code für ${name} als PNG herunterladen`,
  tooMany: (shown: number, total: number) =>
    `Es werden die ersten ${shown} von ${total} Tischen gezeigt. Wählen Sie eine Filiale.`,
  badBranch: "Bitte wählen Sie eine Filiale aus der Liste.",
  unknownBranch: "Diese Filiale gibt es nicht.",
  unknownTable: "Diesen Tisch gibt es nicht.",
};
