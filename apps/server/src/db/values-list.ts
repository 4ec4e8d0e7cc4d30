/** `($1, $2), ($3, $4)` for a multi-row insert of `rows` rows of `width` parameters each. */
export function valuesList(rows: number, width: number): string {
  return Array.from(
    { length: rows },
    (_, row) =>
      `(${Array.from({ length: width }, (_, column) => `$${row * width + column + 1}`).join(', ')})`,
  ).join(', ')
}
