/**
 * Who placed an order and where it goes, as the order keeps it (its own copy, taken at the
 * checkout): the receipt shows it and the orders table stores it (decision 089: the database
 * uses the domain's words, not the reverse).
 */
export interface OrderContact {
  name: string;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  street: string | null;
  city: string | null;
  deliveryAreaName: string | null;
  floor: string | null;
  stairway: string | null;
  door: string | null;
  phone: string | null;
  email: string | null;
}
