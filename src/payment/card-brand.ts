/** A card brand as the processor names it ('visa'), as a guest reads it ('Visa'); null when unknown. */
export function cardBrandName(brand: string | null | undefined): string | null {
  return brand && brand !== 'unknown' ? brand[0]!.toUpperCase() + brand.slice(1) : null;
}
