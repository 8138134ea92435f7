/** Storefront addresses, shared by loaders and components. */
export function storePath(identifier: string): string {
  return `/store/${identifier}`;
}

export function productPath(identifier: string, productId: number, itemId?: number | null): string {
  return `/store/${identifier}/product/${productId}${itemId ? `?artikel=${itemId}` : ""}`;
}
