/**
 * The production list as a receipt printer's job carries it (issue 39 part 1, decision 107): the
 * short list, already in words (quantities, times and notes formatted in German), so that a job
 * prints what the list said when it was queued, in whichever printer language its printer speaks
 * at delivery. No customer data: per row the product, its variant, the amount and the first due
 * time, under it the inscriptions and files with their ticket numbers.
 */
export interface ProductionTicketRow {
  product: string;
  /** 'Größe: Ø 26 cm · Füllung: Marzipan'; empty for the plain product. */
  variant: string;
  /** '5 Stk.', '1,25 kg'. */
  quantity: string;
  /** '09:00'; empty when unknown. */
  firstDue: string;
  /** 'Nr. 12, 11:00: Aufschrift: Frohe Weihnachten'. */
  notes: string[];
}

export interface ProductionTicket {
  /** 'Backliste'. */
  title: string;
  /** 'Sa., 19.12.2026'. */
  day: string;
  branch: string;
  /** 'Gedruckt am 18.12.2026, 18:05'. */
  printedAt: string;
  groups: { name: string; rows: ProductionTicketRow[] }[];
}
