import type { SettingsUpdate } from "#app/db/schema";

/** The demo shop's configuration. Legal texts are sample texts of a fictitious bakery. */

const termsAndConditionsText = `## Allgemeine Geschäftsbedingungen der Sonnenkorn Backstube GmbH

### § 1 Geltungsbereich
Diese Bedingungen gelten für alle Bestellungen, die Sie über unseren Online-Shop bei der Sonnenkorn Backstube GmbH, Münsterplatz 14, 79098 Freiburg im Breisgau, aufgeben.

### § 2 Vertragsschluss
Die Darstellung unserer Waren im Online-Shop ist kein bindendes Angebot. Mit dem Absenden der Bestellung geben Sie ein verbindliches Angebot ab. Der Vertrag kommt zustande, sobald wir Ihre Bestellung bestätigen. Bei Angebotsanfragen erhalten Sie zuerst ein Angebot, das Sie annehmen können.

### § 3 Preise und Zahlung
Alle Preise sind Endpreise in Euro einschließlich der gesetzlichen Umsatzsteuer. Bei Waren, die nach Gewicht verkauft werden, ist der angezeigte Preis ein ca.-Preis; abgerechnet wird das tatsächliche Gewicht. Sie zahlen bar, mit Karte oder mit einem Gutschein bei Abholung oder Lieferung.

### § 4 Abholung, Lieferung und Vorlaufzeiten
Bestellte Waren halten wir zum gewählten Termin in der Filiale bereit oder liefern sie in die angegebenen Liefergebiete. Torten und Spezialitäten haben Vorlaufzeiten, die beim Produkt angegeben sind.

### § 5 Widerrufsrecht
Für Lebensmittel, die schnell verderben können oder nach Kundenwunsch angefertigt werden, besteht kein Widerrufsrecht (§ 312g Abs. 2 Nr. 1 und 2 BGB). Stornierungen sind bis 24 Stunden vor dem Termin kostenlos möglich.

### § 6 Allergene
Informationen zu Allergenen finden Sie bei jedem Produkt und auf unserer Allergene-Seite. Spuren anderer Allergene können wir in unserer Backstube nicht ausschließen.`;

const privacyPolicyText = `## Datenschutzerklärung

### Verantwortliche Stelle
Sonnenkorn Backstube GmbH, Münsterplatz 14, 79098 Freiburg im Breisgau, E-Mail: datenschutz@sonnenkorn.example

### Welche Daten wir verarbeiten
Wenn Sie bestellen, verarbeiten wir Ihren Namen, Ihre Kontaktdaten, bei Lieferung Ihre Anschrift, Ihre Bestellung und den gewünschten Termin (Art. 6 Abs. 1 lit. b DSGVO). Hochgeladene Bilder für Tortenaufleger verwenden wir nur für Ihre Bestellung und löschen sie nach 30 Tagen.

### Cookies
Wir setzen technisch notwendige Cookies für Warenkorb und Anmeldung. Statistiken erheben wir nur mit Ihrer Einwilligung, die Sie jederzeit widerrufen können.

### Speicherdauer
Bestelldaten bewahren wir so lange auf, wie es die handels- und steuerrechtlichen Aufbewahrungsfristen verlangen (bis zu zehn Jahre).

### Ihre Rechte
Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht auf Beschwerde beim Landesbeauftragten für den Datenschutz Baden-Württemberg.`;

const imprintText = `## Impressum

Sonnenkorn Backstube GmbH
Münsterplatz 14
79098 Freiburg im Breisgau

Telefon: +49 761 2020 100
E-Mail: info@sonnenkorn.example

Vertreten durch die Geschäftsführerin Anna Sonnleitner
Registergericht: Amtsgericht Freiburg, HRB 700000
Umsatzsteuer-Identifikationsnummer: DE 000 000 000

Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV: Anna Sonnleitner, Anschrift wie oben.

Dies ist ein Demo-Shop. Die Bäckerei Sonnenkorn ist frei erfunden; Ähnlichkeiten mit echten Betrieben sind zufällig.`;

const allergensText = `## Allergene und Zusatzstoffe

Bei jedem Produkt nennen wir die enthaltenen Hauptallergene nach der Lebensmittelinformationsverordnung (LMIV):

- Glutenhaltiges Getreide (Weizen, Roggen, Gerste, Hafer, Dinkel)
- Krebstiere, Fisch und Weichtiere
- Eier
- Erdnüsse
- Soja
- Milch (einschließlich Laktose)
- Schalenfrüchte (Mandeln, Haselnüsse, Walnüsse, Cashewkerne, Pistazien)
- Sellerie
- Senf
- Sesamsamen
- Schwefeldioxid und Sulfite
- Lupinen

In unserer Backstube verarbeiten wir alle genannten Zutaten. Spuren können wir deshalb nicht ausschließen. Unsere glutenfreien Brote backen wir an einem eigenen Tag in gereinigter Umgebung. Fragen Sie gern in der Filiale nach.`;

export const legalTexts = { termsAndConditionsText, privacyPolicyText, imprintText, allergensText };

export const settings: SettingsUpdate = {
  shopName: "Bäckerei Sonnenkorn",
  businessName: "Sonnenkorn Backstube GmbH",
  title: "Bäckerei Sonnenkorn – Handwerksbäckerei in Freiburg",
  description:
    "Brot, Brötchen, Kuchen und Torten aus unserer Freiburger Backstube: online vorbestellen, abholen, liefern lassen oder im Café genießen.",
  seoTitle: "Bäckerei Sonnenkorn Freiburg – online bestellen und abholen",
  seoDescription:
    "Handwerksbäckerei mit drei Filialen in Freiburg: Sauerteigbrot, Laugengebäck, Torten nach Wunsch und Frühstückspakete online bestellen.",
  website: "https://www.sonnenkorn.example",
  currency: "EUR",
  color1: "#eedcc4",
  defaultDeliveryMethod: "takeaway",
  disableTickets: false,
  ...legalTexts,
  enablePluginHomePage: false,
  enablePluginSearch: true,
  enablePluginTags: true,
  enablePluginMapbox: false,
  enablePluginPwa: false,
  enablePluginToolbar: true,
  enablePluginCategoryBar: true,
  enablePluginSms: false,
  enablePluginDonations: true,
  enablePluginFrontdesk: true,
  enablePluginOrderReviews: true,
  enableCash: true,
  enablePluginAtmCard: true,
  enableAtmCard: true,
  enablePluginVoucher: true,
  enableVoucher: true,
  enablePluginStripe: false,
  enableStripe: false,
  enablePluginPaypal: false,
  enablePaypal: false,
  businessTimeZone: "Europe/Berlin",
  slotHorizonDays: 180,
};
