import { LIST_TOTAL_CAP } from '@parsedesk/contracts'

/** A list's count as people read it: "1,234", and "5,000+" where the server stopped counting. */
export function formatCount(count: number): string {
  return count >= LIST_TOTAL_CAP
    ? `${LIST_TOTAL_CAP.toLocaleString('en-US')}+`
    : count.toLocaleString('en-US')
}
