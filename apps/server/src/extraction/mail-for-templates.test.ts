import { TemplateLimits } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { keyedHeadersForTemplates } from './mail-for-templates'

describe('the headers a template reads at ingest', () => {
  it("keeps a vendor's header however many transit headers a mail gathered first", () => {
    const transit = Object.fromEntries(
      Array.from({ length: TemplateLimits.testEmailHeaders + 10 }, (_, index) => [
        `x-ms-exchange-organization-${index}`,
        'hop',
      ]),
    )
    const headers = keyedHeadersForTemplates({
      received: 'from relay',
      'dkim-signature': 'v=1',
      ...transit,
      'x-priority': '1 (Highest)',
    })
    expect(headers).toEqual({ 'x-priority': '1 (Highest)' })
  })
})
