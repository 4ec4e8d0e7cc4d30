import { describe, expect, it } from 'vitest'
import { detectLanguage } from '../extract/detect-language'
import { assessPriority } from './priority-rules'

// Mails written for these tests by the rules' author (session 14), as a customer would write them, in
// words that are not those of the urgency fixtures: a friendly test of each signal, not a measurement.
const assess = (subject: string, body: string) =>
  assessPriority({ subject, body, language: detectLanguage({ text: `${subject}\n${body}` }).code })
const rulesOf = (subject: string, body: string) => assess(subject, body).reasons.map((reason) => reason.rule)

describe('urgency an agent would agree with (issue 28 item 3, session 14)', () => {
  it('ranks a stop at many sites high, with the words that say so quoted', () => {
    const result = assess(
      'Terminals offline',
      'Since lunch, the order terminals are offline at our 9 restaurants and the waiters write orders on paper. Guests are waiting for their food. Please call me.',
    )
    expect(result.priority).toBe('high')
    expect(result.reasons.find((reason) => reason.rule === 'many-affected')?.evidence).toEqual([
      'offline at our 9 restaurants and the',
    ])
    expect(rulesOf('Terminals offline', 'The order terminals are offline at our 9 restaurants.')).toContain(
      'outage',
    )
  })

  it('ranks a charge after cancelling, with no answer and a threat to reverse it, high', () => {
    const result = assess(
      'Renewal after cancellation',
      "I've emailed you four times about the annual renewal you took from my card after I cancelled in March. Nobody has replied. If the money isn't back by Monday I will ask my bank to reverse the charge.",
    )
    expect(result.priority).toBe('high')
    expect(result.reasons.map((reason) => reason.rule)).toEqual(
      expect.arrayContaining(['payment-failure', 'repeat-contact', 'legal-threat']),
    )
  })

  it('ranks a sign-in the customer did not make, and changed payout details, high', () => {
    expect(
      assess(
        'Admin login from Singapore',
        'We got an alert that someone signed in to our admin account from an IP in Singapore at 3am. Afterwards the payout bank account was changed. It wasn’t us.',
      ).priority,
    ).toBe('high')
  })

  it('ranks parcels that cannot leave before the courier comes high', () => {
    expect(
      assess(
        'Labels',
        'Since your update the label printing fails on every parcel. The courier arrives at 4pm and about 300 parcels are waiting.',
      ).priority,
    ).toBe('high')
  })

  it('does not rank a mail high for a polite "asap", "URGENT!!" over a trifle, or "urgent" for one person', () => {
    expect(
      assess(
        'Invoice copy',
        'Hi, could you send me a copy of invoice 2231 asap? Our accountant asked. Thanks!',
      ).priority,
    ).not.toBe('high')
    expect(
      assess('URGENT!!!', 'URGENT!!! What font do you use in your newsletter? Need to know asap').priority,
    ).not.toBe('high')
    const onePerson = assess(
      'Urgent: cannot log in',
      'Urgent: I cannot log in since this morning. My colleagues can log in fine, so it is only my account.',
    )
    expect(onePerson.priority).toBe('medium')
    expect(onePerson.reasons.map((reason) => reason.rule)).toContain('one-person')
  })

  it('never ranks a mail high on urgent words and a date alone, however many', () => {
    const result = assess(
      'URGENT',
      'I need the export fixed urgently, by Friday. It is critical, please act immediately!!',
    )
    expect(result.priority).toBe('medium')
    expect(result.score).toBeGreaterThanOrEqual(3)
  })

  it('still ranks one person high when their account was taken over', () => {
    expect(
      assess(
        'Hacked?',
        'Only my account is affected, my colleagues are fine, but someone logged in from an unknown device and changed my email.',
      ).priority,
    ).toBe('high')
  })

  it("reads a short mail whose language cannot be told with every language's words", () => {
    const subject = 'Última vez que escribo'
    const body =
      'Llevo tres semanas esperando respuesta. Me seguís cobrando aunque me di de baja. Voy a poner una denuncia.'
    expect(detectLanguage({ text: `${subject}\n${body}` }).code).toBe('und')
    expect(assess(subject, body).priority).toBe('high')
  })

  it('ranks low a mail that says the trouble is over or that it only asks out of curiosity, in its own words', () => {
    expect(
      assess('RE: Panne', 'Tout fonctionne de nouveau depuis hier, vous pouvez clore le ticket.').priority,
    ).toBe('low')
    expect(
      assess('RE: Instabilidade', 'Tudo normalizado por aqui, podem fechar o chamado. Obrigada!').priority,
    ).toBe('low')
    expect(assess('Servidores', 'Solo per curiosità: dove sono i vostri server?').priority).toBe('low')
    expect(
      assess('Charity discount', 'Do you have a discount for charities? We are just gathering information.')
        .priority,
    ).toBe('low')
    expect(
      assess('Problema', 'O problema ainda não foi resolvido e a loja continua fora do ar.').priority,
    ).not.toBe('low')
  })

  it('reads the same signals in German, French, Spanish, Portuguese, Italian and Dutch', () => {
    const high: [string, string][] = [
      [
        'Kassensystem',
        'Seit 7 Uhr kann sich in allen 14 Filialen niemand mehr am Kassensystem anmelden. Wir können nichts verkaufen.',
      ],
      [
        'Kündigung',
        'Ich habe Ihnen bereits dreimal geschrieben. Sie haben trotz Kündigung wieder 89 € abgebucht. Wenn bis Montag nichts passiert, lasse ich die Lastschrift zurückbuchen.',
      ],
      [
        'Caisse',
        "C'est urgent : la caisse est bloquée depuis ce matin dans nos 6 magasins, impossible d'encaisser les clients.",
      ],
      [
        'Prélèvement',
        "Troisième mail sans réponse. Vous avez encore prélevé 49 € alors que j'ai résilié en mars. Je vais faire opposition auprès de ma banque.",
      ],
      [
        'Pagos con tarjeta',
        'Desde las 10 ningún cliente puede pagar con tarjeta en nuestras 8 tiendas. Estamos perdiendo ventas.',
      ],
      [
        'Acceso extraño',
        'Alguien ha accedido a nuestra cuenta desde una IP desconocida y ha cambiado el IBAN. No fuimos nosotros.',
      ],
      [
        'Sistema parado',
        'O sistema saiu do ar às 8h e nenhuma das nossas 12 lojas consegue vender. Os clientes estão na fila.',
      ],
      [
        'Cobrança',
        'Já liguei cinco vezes e ninguém resolve. Vocês continuam cobrando um plano que cancelei. Vou abrir reclamação no Procon.',
      ],
      [
        'Gestionale',
        'Dalle 9 il gestionale va in errore per tutti i nostri 20 dipendenti e non possiamo spedire nessun ordine.',
      ],
      [
        'Accesso',
        "Qualcuno ha effettuato l'accesso al nostro account da un indirizzo IP sconosciuto e ha cambiato l'IBAN. Non siamo stati noi.",
      ],
      [
        'Inloggen',
        'Sinds vanochtend kunnen al onze 30 medewerkers niet inloggen en komt er geen enkele bestelling meer binnen.',
      ],
      [
        'Afschrijving',
        'Dit is de derde keer dat ik mail. Jullie hebben € 120 afgeschreven terwijl ik had opgezegd. Ik laat de betaling terugboeken.',
      ],
    ]
    for (const [subject, body] of high) expect(assess(subject, body).priority, body).toBe('high')
    const notHigh: [string, string][] = [
      ['Dringend: Rechnungsadresse', 'Dringend! Wie ändere ich meine Rechnungsadresse? Danke.'],
      ['Facture', "Bonjour, pourriez-vous m'envoyer la facture dès que possible ? Merci beaucoup."],
      ['URGENTE!!!', 'URGENTE!!! ¿De qué color es vuestro logo?'],
      ['Urgente: e-mail de cobrança', 'Urgente: como altero o e-mail de cobrança? Obrigada.'],
      ['Urgente', 'Urgente: mi mandate la fattura di ottobre? Grazie.'],
      ['SPOED!!', 'SPOED!! Welk lettertype gebruiken jullie?'],
      [
        'Kan niet inloggen',
        'Dringend: ik kan sinds vanochtend niet inloggen. Mijn collega’s kunnen wel gewoon inloggen.',
      ],
    ]
    for (const [subject, body] of notHigh) expect(assess(subject, body).priority, body).not.toBe('high')
  })
})
