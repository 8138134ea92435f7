/** Texts of pictures kept between a form's round trips (issue 36, items 8 and 12; decision 080). */
export const deStagedImages = {
  chosen: (name: string) => `Bild ausgewählt: ${name}`,
  chosenHint: "Es wird mit dem Speichern übernommen.",
  gone: "Das ausgewählte Bild ist nicht mehr vorhanden. Bitte wählen Sie es noch einmal.",
  dropChosen: "Nicht übernehmen",
};

/** The shop's logo on the settings page (issue 36, item 12). */
export const deShopLogo = {
  label: "Logo",
  help: "Erscheint im Kopf jeder Seite; der Name des Shops ist sein Alternativtext. Ohne Logo steht dort der Name.",
};
