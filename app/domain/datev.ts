import type { Cents } from "./money";
import type { PaymentMethod } from "./checkout";

/**
 * The DATEV Buchungsstapel (issue 39 part 3, decision 116): the "DATEV-Format" CSV a tax
 * adviser imports into DATEV Rechnungswesen, header version 700, data category 21, format
 * version 13 (125 columns). Written as DATEV reads it: Windows-1252 without a BOM, `;` between
 * fields, CRLF line ends, text in double quotes, amounts with a decimal comma and no thousands
 * separator, always positive with the Soll/Haben-Kennzeichen telling the direction, the
 * Belegdatum as TTMM (the year comes from the header's period).
 */

export type Chart = "SKR03" | "SKR04";
export const CHARTS: readonly Chart[] = ["SKR03", "SKR04"];

/** The accounts the export books to, by name; the BU keys beside the revenue accounts. */
export const ACCOUNT_KEYS = [
  "revenue7",
  "revenue19",
  "revenueOther",
  "cash",
  "atm-card",
  "voucher",
  "stripe",
  "paypal",
] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];
export const TAX_KEY_KEYS = ["taxKey7", "taxKey19", "taxKeyOther"] as const;
export type TaxKeyKey = (typeof TAX_KEY_KEYS)[number];
export type Accounts = Record<AccountKey | TaxKeyKey, string>;

/**
 * The usual accounts of DATEV's standard charts (decision 116). The revenue accounts are
 * "Automatikkonten": DATEV takes the VAT out of the gross amount by itself, so no BU key is given
 * (a key on an automatic account is an error in DATEV); the keys stay editable for an adviser
 * whose revenue accounts are not automatic (then 2 for 7 %, 3 for 19 %).
 */
export const CHART_DEFAULTS: Record<Chart, Accounts> = {
  SKR03: {
    revenue7: "8300",
    revenue19: "8400",
    revenueOther: "8200",
    cash: "1000",
    "atm-card": "1360",
    voucher: "1590",
    stripe: "1360",
    paypal: "1360",
    taxKey7: "",
    taxKey19: "",
    taxKeyOther: "",
  },
  SKR04: {
    revenue7: "4300",
    revenue19: "4400",
    revenueOther: "4200",
    cash: "1600",
    "atm-card": "1460",
    voucher: "1370",
    stripe: "1460",
    paypal: "1460",
    taxKey7: "",
    taxKey19: "",
    taxKeyOther: "",
  },
};

export interface DatevSettings {
  chart: Chart;
  consultantNumber: number | null;
  clientNumber: number | null;
  fiscalYearStartMonth: number;
  accountLength: number;
  accounts: Accounts;
}

/** The stored accounts over the chart's defaults (unknown keys dropped). */
export function accountsOf(chart: Chart, stored: Readonly<Record<string, unknown>>): Accounts {
  const accounts = { ...CHART_DEFAULTS[chart] };
  for (const key of [...ACCOUNT_KEYS, ...TAX_KEY_KEYS]) {
    const value = stored[key];
    if (typeof value === "string") accounts[key] = value;
  }
  return accounts;
}

/**
 * A chart changed on the form: the accounts still at the old chart's defaults move to the new
 * chart's, the ones edited by hand stay.
 */
export function switchChart(from: Chart, to: Chart, accounts: Accounts): Accounts {
  if (from === to) return accounts;
  const next = { ...accounts };
  for (const key of [...ACCOUNT_KEYS, ...TAX_KEY_KEYS]) {
    if (accounts[key] === CHART_DEFAULTS[from][key]) next[key] = CHART_DEFAULTS[to][key];
  }
  return next;
}

/** The revenue account and BU key of a tax rate: 7 %, 19 % or the account for other rates. */
export function revenueAccountOf(
  accounts: Accounts,
  rate: number,
): { account: string; key: string } {
  if (rate === 7) return { account: accounts.revenue7, key: accounts.taxKey7 };
  if (rate === 19) return { account: accounts.revenue19, key: accounts.taxKey19 };
  return { account: accounts.revenueOther, key: accounts.taxKeyOther };
}

export function paymentAccountOf(accounts: Accounts, method: PaymentMethod): string {
  return accounts[method];
}

/** A general ledger account as long as the Sachkontenlänge says: DATEV fills it with zeros. */
export function ledgerAccount(account: string, length: number): string {
  return account.length >= length ? account : account.padEnd(length, "0");
}

/** One line of the batch. */
export interface DatevBooking {
  amount: Cents;
  /** "S": the account (Konto) is debited, the contra account (Gegenkonto) credited. */
  debitCredit: "S" | "H";
  account: string;
  contraAccount: string;
  taxKey: string;
  /** The document's day, YYYY-MM-DD. */
  day: string;
  /** Belegfeld 1: up to 36 of `A-Z a-z 0-9 $ & % * + - /`. */
  document: string;
  /** Buchungstext, up to 60 characters. */
  text: string;
}

export interface DatevBatch {
  settings: DatevSettings;
  /** The first and the last day of the period, YYYY-MM-DD. */
  from: string;
  to: string;
  /** When the file was made, as the business's wall clock reads it: YYYYMMDDHHMMSSmmm. */
  createdAt: string;
  /** Bezeichnung, up to 30 characters. */
  label: string;
  bookings: readonly DatevBooking[];
}

/** The 125 columns of format version 13, in DATEV's order and spelling. */
export const DATEV_COLUMNS: readonly string[] = [
  "Umsatz (ohne Soll/Haben-Kz)",
  "Soll/Haben-Kennzeichen",
  "WKZ Umsatz",
  "Kurs",
  "Basis-Umsatz",
  "WKZ Basis-Umsatz",
  "Konto",
  "Gegenkonto (ohne BU-Schlüssel)",
  "BU-Schlüssel",
  "Belegdatum",
  "Belegfeld 1",
  "Belegfeld 2",
  "Skonto",
  "Buchungstext",
  "Postensperre",
  "Diverse Adressnummer",
  "Geschäftspartnerbank",
  "Sachverhalt",
  "Zinssperre",
  "Beleglink",
  ...Array.from({ length: 8 }, (_, i) => [
    `Beleginfo - Art ${i + 1}`,
    `Beleginfo - Inhalt ${i + 1}`,
  ]).flat(),
  "KOST1 - Kostenstelle",
  "KOST2 - Kostenstelle",
  "Kost-Menge",
  "EU-Land u. UStID (Bestimmung)",
  "EU-Steuersatz (Bestimmung)",
  "Abw. Versteuerungsart",
  "Sachverhalt L+L",
  "Funktionsergänzung L+L",
  "BU 49 Hauptfunktionstyp",
  "BU 49 Hauptfunktionsnummer",
  "BU 49 Funktionsergänzung",
  ...Array.from({ length: 20 }, (_, i) => [
    `Zusatzinformation - Art ${i + 1}`,
    `Zusatzinformation- Inhalt ${i + 1}`,
  ]).flat(),
  "Stück",
  "Gewicht",
  "Zahlweise",
  "Forderungsart",
  "Veranlagungsjahr",
  "Zugeordnete Fälligkeit",
  "Skontotyp",
  "Auftragsnummer",
  "Buchungstyp",
  "USt-Schlüssel (Anzahlungen)",
  "EU-Mitgliedstaat (Anzahlungen)",
  "Sachverhalt L+L (Anzahlungen)",
  "EU-Steuersatz (Anzahlungen)",
  "Erlöskonto (Anzahlungen)",
  "Herkunft-Kz",
  "Buchungs GUID",
  "KOST-Datum",
  "SEPA-Mandatsreferenz",
  "Skontosperre",
  "Gesellschaftername",
  "Beteiligtennummer",
  "Identifikationsnummer",
  "Zeichnernummer",
  "Postensperre bis",
  "Bezeichnung SoBil-Sachverhalt",
  "Kennzeichen SoBil-Buchung",
  "Festschreibung",
  "Leistungsdatum",
  "Datum Zuord. Steuerperiode",
  "Fälligkeit",
  "Generalumkehr (GU)",
  "Steuersatz",
  "Land",
  "Abrechnungsreferenz",
  "BVV-Position",
  "EU-Mitgliedstaat u. UStID (Ursprung)",
  "EU-Steuersatz (Ursprung)",
  "Abw. Skontokonto",
];

/** A text field: quoted, inner quotes doubled, line breaks and `;` kept out, cut to length. */
export function datevText(text: string, maxLength: number): string {
  const clean = text
    .replace(/[\r\n\t]+/g, " ")
    .trim()
    .slice(0, maxLength);
  return `"${clean.replace(/"/g, '""')}"`;
}

/** 1234,50: cents as DATEV's amount, decimal comma, no thousands separator, no sign. */
export function datevAmount(cents: Cents): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** Belegfeld 1 takes only these characters. */
export function datevDocument(text: string): string {
  return text.replace(/[^A-Za-z0-9$&%*+\-/]/g, "").slice(0, 36);
}

const compact = (day: string) => day.replace(/-/g, "");

/** The Wirtschaftsjahr's first day (YYYYMMDD) for a period starting on `from`. */
export function fiscalYearStart(from: string, startMonth: number): string {
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7));
  const startYear = month >= startMonth ? year : year - 1;
  return `${startYear}${String(startMonth).padStart(2, "0")}01`;
}

/** The header line (line 1) of the batch. */
export function datevHeader(batch: DatevBatch): string {
  const { settings } = batch;
  return [
    '"EXTF"',
    "700",
    "21",
    '"Buchungsstapel"',
    "13",
    batch.createdAt,
    "",
    '"RE"',
    '"Backstube"',
    '""',
    String(settings.consultantNumber ?? ""),
    String(settings.clientNumber ?? ""),
    fiscalYearStart(batch.from, settings.fiscalYearStartMonth),
    String(settings.accountLength),
    compact(batch.from),
    compact(batch.to),
    datevText(batch.label, 30),
    '""',
    "1",
    "0",
    "0",
    '"EUR"',
    "",
    '""',
    "",
    "",
    `"${settings.chart.slice(3)}"`,
    "",
    "",
    '""',
    '""',
  ].join(";");
}

const EMPTY_TAIL = ";".repeat(DATEV_COLUMNS.length - 14);

/** One booking line: the first 14 fields, the other 111 empty. */
export function datevLine(booking: DatevBooking, accountLength: number): string {
  const day = booking.day;
  return (
    [
      datevAmount(booking.amount),
      `"${booking.debitCredit}"`,
      '"EUR"',
      "",
      "",
      '""',
      ledgerAccount(booking.account, accountLength),
      ledgerAccount(booking.contraAccount, accountLength),
      booking.taxKey === "" ? '""' : `"${booking.taxKey}"`,
      `${day.slice(8, 10)}${day.slice(5, 7)}`,
      datevText(datevDocument(booking.document), 36),
      '""',
      "",
      datevText(booking.text, 60),
    ].join(";") + EMPTY_TAIL
  );
}

/** The whole file as text (before the Windows-1252 encoding). */
export function datevDocumentText(batch: DatevBatch): string {
  const lines = [
    datevHeader(batch),
    DATEV_COLUMNS.join(";"),
    ...batch.bookings.map((booking) => datevLine(booking, batch.settings.accountLength)),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/** Unicode characters of Windows-1252's 0x80–0x9F block. */
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
};

/** Text as Windows-1252 bytes; a character the code page lacks becomes "?". */
export function encodeWindows1252(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes[length++] = code;
    else bytes[length++] = CP1252_HIGH[code] ?? 0x3f;
  }
  return bytes.slice(0, length);
}
