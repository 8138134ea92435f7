/** An amount of money in integer cents (decision 003). */
export type Cents = number;

export const DEFAULT_CURRENCY = "EUR";

/**
 * Rounds to a whole number, halves away from zero (2.5 → 3, -2.5 → -3), the commercial rounding
 * German receipts use. Products like 1.005 × 100 arrive as 100.49999999999999, so the value is
 * first cut to 15 significant digits to drop binary noise before the half is decided.
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Kein endlicher Betrag: ${value}`);
  const denoised = Number(Math.abs(value).toPrecision(15));
  const rounded = Math.floor(denoised + 0.5);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Rounds a computed amount (a fraction of cents) to whole cents. */
export function roundToCents(amountInCents: number): Cents {
  return roundHalfAwayFromZero(amountInCents);
}

export function assertCents(amount: number): asserts amount is Cents {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Beträge sind ganze Cent, erhalten: ${amount}`);
  }
}

export function sumCents(amounts: readonly Cents[]): Cents {
  return amounts.reduce((total, amount) => total + amount, 0);
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string): Intl.NumberFormat {
  let format = currencyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("de-DE", {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormats.set(currency, format);
  }
  return format;
}

/**
 * `1.234,50 €` (Intl puts a no-break space before the symbol). Only whole cents are accepted:
 * a fraction here means a rule forgot to round, and that should fail loudly in the tests.
 */
export function formatMoney(amount: Cents, currency: string = DEFAULT_CURRENCY): string {
  assertCents(amount);
  // -0 would print as "-0,00 €".
  const euros = amount === 0 ? 0 : amount / 100;
  return currencyFormat(currency).format(euros);
}
