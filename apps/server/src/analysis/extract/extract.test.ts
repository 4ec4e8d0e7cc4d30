import { describe, expect, it } from 'vitest'
import { assessSentiment } from './assess-sentiment'
import { detectLanguage } from './detect-language'
import { extractEntities, extractTicketEntities } from './extract-entities'
import { summarise } from './summarise'

describe('extractEntities', () => {
  it('finds order and invoice numbers, amounts with currencies, contacts and links', () => {
    const entities = extractEntities({
      text: 'Order #123456 and order number AB-99812: invoice INV-2024-0042 says $1,299.99, I paid 49,90 €. Call +44 20 7946 0958 or write to Jane.Doe@example.com, see https://shop.example.com/orders/123456.',
    })
    expect(entities.orderNumbers).toEqual(['123456', 'AB-99812'])
    expect(entities.invoiceNumbers).toEqual(['INV-2024-0042'])
    expect(entities.amounts).toEqual([
      { value: '1,299.99', currency: 'USD' },
      { value: '49,90', currency: 'EUR' },
    ])
    expect(entities.phones).toEqual(['+44 20 7946 0958'])
    expect(entities.emails).toEqual(['jane.doe@example.com'])
    expect(entities.urls).toEqual(['https://shop.example.com/orders/123456'])
  })

  it('finds products with versions and error codes', () => {
    const entities = extractEntities({
      text: 'Since Windows 11 and Outlook 2016 I get error 0x80070005 and ERR_CONNECTION_REFUSED, then HTTP 503. App version 4.2.1 on an iPhone 13 Pro.',
    })
    expect(entities.products).toEqual(['Windows 11', 'Outlook 2016', 'iPhone 13 Pro', 'version 4.2.1'])
    expect(entities.errorCodes).toEqual(['0x80070005', 'ERR_CONNECTION_REFUSED', '503'])
  })

  it('does not read dates, bare ids or words as phone numbers, orders or products', () => {
    const entities = extractEntities({
      text: 'On March 3 I checked my order status; purchase 113542617735902 placed 2024-05-01 in room 12.',
    })
    expect(entities.orderNumbers).toEqual(['113542617735902'])
    expect(entities.phones).toEqual([])
    expect(entities.products).toEqual([])
  })

  it('finds addresses and products wherever they start in a run of letters and dots', () => {
    const entities = extractEntities({
      text: 'Write to Jane.Doe@Example.com or a.b@c, and x_y@z.co; foo.Windows 11 and A.B.C 2 on Office 365 Plus 2.',
    })
    expect(entities.emails).toEqual(['jane.doe@example.com', 'x_y@z.co'])
    expect(entities.products).toEqual(['Windows 11', 'A.B.C 2', 'Office 365 Plus'])
    const unicode = extractEntities({
      text: 'mail 日本@例え.jp or 𝐀b@c.de, see A.A.A.A 10 or i.e.Outlook 2016 or x.iPhone 12 Pro',
    })
    // \b looks at ASCII word characters only: no address starts right after a CJK or astral letter.
    expect(unicode.emails).toEqual(['b@c.de'])
    expect(unicode.products).toEqual(['A.A.A.A 10', 'Outlook 2016', 'iPhone 12 Pro'])
  })

  it('reads the signature of a ticket but not its quoted history', () => {
    const entities = extractTicketEntities({
      subject: 'Refund',
      body: 'Refund order 5551234 please.\nThanks,\nJane\n+1 (555) 123-4567\nOn Mon, Shop <help@shop.example> wrote:\n> call 0800 999 8888',
    })
    expect(entities.phones).toEqual(['+1 (555) 123-4567'])
    expect(entities.emails).toEqual([])
  })
})

describe('extractTicketEntities, with precision (issue 12)', () => {
  it('takes no postcode, order number, "Article 17", street or count for a product', () => {
    const entities = extractTicketEntities({
      subject: 'Order 123456',
      body: 'Please send order 123456 to Hauptstraße 5, 10115 Berlin. Under Article 17 GDPR delete my data. Tried 3 times, USD 1,299.99 charged, Bestellung 4711 too. Outlook 2016 and Office 365 are affected.',
    })
    expect(entities.products).toEqual(['Outlook 2016', 'Office 365'])
    expect(entities.orderNumbers).toEqual(['123456', '4711'])
  })

  it('finds dates, people and companies, each as its own kind', () => {
    const entities = extractTicketEntities({
      subject: 'Contract',
      body: 'I spoke to Anna Schmidt and Mr. Okafor on March 3. Our contract with Brightline Solutions Ltd ends on 31.12.2024; DHL has the parcel.',
    })
    expect(entities.dates).toEqual(['March 3', '31.12.2024'])
    expect(entities.people).toEqual(['Anna Schmidt', 'Mr. Okafor'])
    expect(entities.companies).toEqual(['Brightline Solutions Ltd', 'DHL'])
  })

  it('knows a contact block with no sign-off above it as a signature, and a last paragraph with an order as text', () => {
    const signed = extractTicketEntities({
      subject: 'Complaint',
      body: 'Nobody answers.\n\nJohn Miller\nSenior Buyer | Miller Logistics Ltd\n+44 20 7946 0958',
    })
    expect(signed.companies).toEqual([])
    expect(signed.phones).toEqual(['+44 20 7946 0958'])
    const text = extractTicketEntities({
      subject: 'Missing parcel',
      body: 'My parcel is missing.\n\nOrder 556611, call me on +44 7700 900123 if needed.',
    })
    expect(text.orderNumbers).toEqual(['556611'])
  })

  it('reads dates and error words in the other languages, and a status a server returned but not a count', () => {
    const entities = extractTicketEntities({
      subject: 'Livraison',
      body: 'Le colis du 3 mars 2024 affiche erreur E-302. La API devolvió el 5 de mayo de 2024 un error; the webhook returns 502, the search returned 400 results. Mai 2024 war gut.',
    })
    expect(entities.dates).toEqual(['3 mars 2024', '5 de mayo de 2024'])
    expect(entities.errorCodes).toEqual(['E-302', '502'])
    expect(entities.products).toEqual([])
  })

  it('takes nothing but contact details from the signature, and nothing from the quoted reply', () => {
    const entities = extractTicketEntities({
      subject: 'Sync fails',
      body: 'The sync fails since today.\n\nBest regards,\nTom Becker\nAcme GmbH\nMusterstraße 12, 80331 München\nTel. +49 89 1234567\n\nOn Mon, 3 Jun 2024, Support <help@shop.example> wrote:\n> Order 556677 for 99.00 EUR shipped with UPS on 2024-06-01, error 0x80070005.',
    })
    expect(entities).toMatchObject({
      orderNumbers: [],
      amounts: [],
      products: [],
      errorCodes: [],
      dates: [],
      people: [],
      companies: [],
      phones: ['+49 89 1234567'],
    })
  })
})

describe('assessSentiment', () => {
  it('tells angry, negative, neutral and positive apart', () => {
    expect(assessSentiment({ text: 'This is unacceptable!! Worst service ever' }).label).toBe('angry')
    expect(assessSentiment({ text: 'The parcel arrived damaged and the app is slow' }).label).toBe('negative')
    expect(assessSentiment({ text: 'How do I change my address? Thank you' }).label).toBe('neutral')
    expect(assessSentiment({ text: 'Great support, I love the new dashboard' }).label).toBe('positive')
    expect(assessSentiment({ text: 'I am not happy with the delivery' }).label).toBe('negative')
  })
})

describe('detectLanguage', () => {
  it('names the language of a sentence and says unknown when unsure', () => {
    expect(detectLanguage({ text: 'I would like to know where my order is, please' }).name).toBe('English')
    expect(
      detectLanguage({ text: 'Ich habe meine Bestellung nicht erhalten, bitte helfen Sie mir' }).name,
    ).toBe('German')
    expect(detectLanguage({ text: "Je n'ai pas reçu ma commande, merci de vérifier" }).name).toBe('French')
    expect(detectLanguage({ text: 'No he recibido mi pedido, gracias por la ayuda' }).name).toBe('Spanish')
    expect(detectLanguage({ text: 'order 12345' }).name).toBe('unknown')
  })
})

describe('summarise', () => {
  it('takes the first sentence after the greeting and courtesies', () => {
    const summary = summarise({
      subject: 'Help',
      body: 'Dear Support Team,\n\nI hope this message finds you well. My invoice for May shows the wrong VAT number. Please correct it.',
    })
    expect(summary).toBe('My invoice for May shows the wrong VAT number.')
  })

  it('falls back to the subject and shortens long sentences', () => {
    expect(summarise({ subject: 'Cannot log in', body: 'Hi,' })).toBe('Cannot log in')
    const long = summarise({ subject: '', body: `The ${'very '.repeat(80)}long problem.` })
    expect(long.length).toBeLessThanOrEqual(200)
    expect(long.endsWith('…')).toBe(true)
  })
})
