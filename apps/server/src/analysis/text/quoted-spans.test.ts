import { describe, expect, it } from 'vitest'
import { quotedSpans } from './quoted-spans'

const quotesOf = (text: string) => quotedSpans(text).map((span) => text.slice(span.start, span.end))

describe('quotedSpans', () => {
  it('finds what customers quote in English, German and French marks', () => {
    expect(quotesOf('The app says "Sync failed" and “try again later”.')).toEqual([
      '"Sync failed"',
      '“try again later”',
    ])
    expect(quotesOf('Die Meldung lautet „Zahlung fehlgeschlagen“.')).toEqual(['„Zahlung fehlgeschlagen“'])
    expect(quotesOf('Le message « paiement refusé » s’affiche.')).toEqual(['« paiement refusé »'])
  })

  it("takes single quotes as quotation marks only around words, not in don't or customers'", () => {
    expect(quotesOf("It says 'urgent' but I don't think it's urgent; our customers' data is fine.")).toEqual([
      "'urgent'",
    ])
  })

  it('does not run a quotation on past its line or over a long stretch', () => {
    expect(quotesOf('He wrote "the server\nis down" yesterday')).toEqual([])
    expect(quotesOf(`"${'word '.repeat(60)}"`)).toEqual([])
  })
})
