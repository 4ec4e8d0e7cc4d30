import { TemplateMessages, type TSampleMail, ZTemplateField, ZTemplateMatch } from '@parsedesk/contracts'
import { describe, expect, it } from 'vitest'
import { monthOfName } from './calendar-words'
import { readDate } from './read-value'
import { runTemplate } from './run-template'

describe('dates with their month named in seven languages', () => {
  it.each([
    // What order confirmations, invoices and forwarded mails' headers write, the weekday and time included.
    ['Bestelldatum: 3. März 2026', '3. März 2026', '2026-03-03'],
    ['Lieferung am Dienstag, 3. März 2026 um 14:00', 'Dienstag, 3. März 2026 um 14:00', '2026-03-03'],
    ['Liefertermin: Mo., 7. Dez. 2026', 'Mo., 7. Dez. 2026', '2026-12-07'],
    ['Date de commande : 12 janvier 2026', '12 janvier 2026', '2026-01-12'],
    ['Envoyé : vendredi 13 mars 2026 10:19', 'vendredi 13 mars 2026 10:19', '2026-03-13'],
    ['Échéance : 1er févr. 2027', '1er févr. 2027', '2027-02-01'],
    ['Livraison prévue : mar. 17 nov. 2026', 'mar. 17 nov. 2026', '2026-11-17'],
    ['Fecha del pedido: 5 de mayo de 2026', '5 de mayo de 2026', '2026-05-05'],
    ['Enviado el: miércoles, 4 de noviembre de 2026', 'miércoles, 4 de noviembre de 2026', '2026-11-04'],
    ['Data da encomenda: 1º de março de 2026', '1º de março de 2026', '2026-03-01'],
    [
      'Enviada em: terça-feira, 10 de fevereiro de 2026',
      'terça-feira, 10 de fevereiro de 2026',
      '2026-02-10',
    ],
    ['Inviato: venerdì 9 giugno 2026 15:50', 'venerdì 9 giugno 2026 15:50', '2026-06-09'],
    ['Data: 21 settembre 2026 09:44:46 CEST', '21 settembre 2026 09:44:46 CEST', '2026-09-21'],
    ['Besteldatum: 2 mrt 2026', '2 mrt 2026', '2026-03-02'],
    ['Verzonden: dinsdag 5 mei 2026 08:12', 'dinsdag 5 mei 2026 08:12', '2026-05-05'],
    ['Ordered on: Friday, 27 November 2026', 'Friday, 27 November 2026', '2026-11-27'],
    ['Shipped: 3rd Sept 2026', '3rd Sept 2026', '2026-09-03'],
  ])('%s', (_line, written, expected) => {
    expect(readDate(written, 'D MMMM YYYY')).toBe(expected)
  })

  it('reads a month-first date with its weekday, and tells March from the French Tuesday', () => {
    expect(readDate('Mar 3, 2026', 'MMMM D, YYYY')).toBe('2026-03-03')
    expect(readDate('Tuesday, March 3rd, 2026 at 9:00 AM', 'MMMM D, YYYY')).toBe('2026-03-03')
    expect(readDate('Thu, Dec 31, 2026', 'MMMM D, YYYY')).toBe('2026-12-31')
  })

  it('refuses what is not a day: an unknown or ambiguous month, a day the month lacks, a word not a weekday', () => {
    expect(readDate('30 février 2026', 'D MMMM YYYY')).toBeUndefined()
    expect(readDate('29. Februar 2026', 'D MMMM YYYY')).toBeUndefined()
    expect(readDate('29. Februar 2028', 'D MMMM YYYY')).toBe('2028-02-29')
    // "jui" starts juin and juillet; "Brumaire" is no month of ours.
    expect(monthOfName('jui')).toBeUndefined()
    expect(monthOfName('juil.')).toBe(7)
    expect(readDate('3 brumaire 2026', 'D MMMM YYYY')).toBeUndefined()
    expect(readDate('Lieferung 3. März 2026', 'D MMMM YYYY')).toBeUndefined()
  })

  it('reads a two-digit year in the numeric formats, 69-99 as 1969-1999 and 00-68 as 2000-2068', () => {
    expect(readDate('03/04/26', 'DD/MM/YYYY')).toBe('2026-04-03')
    expect(readDate('03/04/26', 'MM/DD/YYYY')).toBe('2026-03-04')
    expect(readDate('24.12.26 um 18:00', 'DD.MM.YYYY')).toBe('2026-12-24')
    expect(readDate('31/12/68', 'DD/MM/YYYY')).toBe('2068-12-31')
    expect(readDate('01/01/69', 'DD/MM/YYYY')).toBe('1969-01-01')
    expect(readDate('29/02/00', 'DD/MM/YYYY')).toBe('2000-02-29')
    expect(readDate('29/02/27', 'DD/MM/YYYY')).toBeUndefined()
    // Four digits are read as written; three are no year, nor is a two-digit year in the ISO format.
    expect(readDate('03/04/1926', 'DD/MM/YYYY')).toBe('1926-04-03')
    expect(readDate('03/04/202', 'DD/MM/YYYY')).toBeUndefined()
    expect(readDate('26-04-03', 'YYYY-MM-DD')).toBeUndefined()
  })

  it('reads a German order confirmation through a template, and says when a date is not one', () => {
    const template = {
      match: ZTemplateMatch.parse({ sender: { mode: 'contains', value: '@shop.example' } }),
      fields: [
        ZTemplateField.parse({
          name: 'Lieferdatum',
          type: 'date',
          dateFormat: 'D MMMM YYYY',
          locator: { kind: 'between', before: 'Voraussichtliche Lieferung:' },
        }),
      ],
    }
    const mail = (body: string): TSampleMail => ({
      from: 'bestellung@shop.example',
      subject: 'Ihre Bestellung 40211 ist unterwegs',
      headers: {},
      body,
    })
    const shipped = runTemplate(
      template,
      mail('Hallo Ada,\n\nVoraussichtliche Lieferung: Donnerstag, 12. März 2026\nIhr Shop-Team'),
    )
    expect(shipped.fields[0]).toMatchObject({ value: '2026-03-12', error: null })
    const unread = runTemplate(template, mail('Voraussichtliche Lieferung: bald\n'))
    expect(unread.fields[0]).toMatchObject({ value: null, error: TemplateMessages.notADate('D MMMM YYYY') })
  })
})
