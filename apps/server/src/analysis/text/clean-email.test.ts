import { describe, expect, it } from 'vitest'
import { cleanEmailText } from './clean-email'

describe('cleanEmailText', () => {
  it('drops quoted history after an "On ... wrote:" line', () => {
    const text =
      'My refund has not arrived.\n\nOn Mon, 3 Jun 2024 at 10:00, Support <help@shop.example> wrote:\n> We sent it.\n> Regards'
    expect(cleanEmailText({ text })).toBe('My refund has not arrived.')
  })

  it('drops lines quoted with ">" and Outlook-style original messages', () => {
    const text =
      '> old text\nNew question about invoice 42\n-----Original Message-----\nFrom: someone\nold body'
    expect(cleanEmailText({ text })).toBe('New question about invoice 42')
  })

  it('cuts the signature after a sign-off or a "-- " delimiter', () => {
    expect(
      cleanEmailText({
        text: 'Please cancel my order.\n\nBest regards,\nJane Doe\nACME Ltd\n+1 555 123 4567',
      }),
    ).toBe('Please cancel my order.')
    expect(cleanEmailText({ text: 'Please cancel my order.\n-- \nJane' })).toBe('Please cancel my order.')
  })

  it('keeps the signature when asked, still without the quoted part', () => {
    const text = 'Call me.\nThanks,\nJane\n+1 555 123 4567\nOn Mon, Bob wrote:\n> old'
    expect(cleanEmailText({ text, keepSignature: true })).toBe('Call me.\nThanks,\nJane\n+1 555 123 4567')
  })

  it('does not treat "Thanks" in the middle of a long message as the end', () => {
    const body = `Thanks\n${'This is a long paragraph that goes on explaining the problem in detail. '.repeat(3)}`
    expect(cleanEmailText({ text: body })).toContain('long paragraph')
  })

  it('cuts the sign-offs and reply headers of German, French, Spanish, Portuguese, Italian and Dutch mail', () => {
    const mails = [
      'Die Rechnung fehlt.\n\nDanke und viele Grüße\nMarkus\nAm 3. Juni schrieb Support <help@shop.example>:\n> Alt',
      'La facture manque.\n\nBien cordialement,\nPaul',
      'Manca la fattura.\n\nCordiali saluti,\nMarco',
      'Falta la factura.\n\nUn saludo,\nMiguel',
      'Falta a fatura.\n\nAtenciosamente,\nRafael',
      'Falta a fatura.\nEm seg., 3 de jun., Suporte escreveu:\nTexto antigo',
      'Manca la fattura.\nIl giorno lun 3 giu, Supporto ha scritto:\nTesto vecchio',
      'De factuur ontbreekt.\nOp ma 3 jun. schreef Support <help@shop.example>:\nOude tekst',
      'De factuur ontbreekt.\n\nMet vriendelijke groet,\nDaan',
    ]
    expect(mails.map((text) => cleanEmailText({ text }))).toEqual([
      'Die Rechnung fehlt.',
      'La facture manque.',
      'Manca la fattura.',
      'Falta la factura.',
      'Falta a fatura.',
      'Falta a fatura.',
      'Manca la fattura.',
      'De factuur ontbreekt.',
      'De factuur ontbreekt.',
    ])
  })

  it('reads literal \\n sequences as line breaks', () => {
    expect(cleanEmailText({ text: 'Dear team,\\n\\nMy order is late.\\n> quoted' })).toBe(
      'Dear team,\n\nMy order is late.',
    )
  })

  it('falls back to the whole text when everything would be cut', () => {
    expect(cleanEmailText({ text: '> only a quote' })).toBe('> only a quote')
  })

  it('reads a sign-off with spaces around its words, with "regards" only when its comma comes right after', () => {
    expect(cleanEmailText({ text: 'Please cancel.\n  Kind   regards! \nJane' })).toBe('Please cancel.')
    expect(cleanEmailText({ text: 'Please cancel.\ncheers !\nJane' })).toBe('Please cancel.')
    const spaced = 'Please cancel my order.\n\n  Best   regards ,  \nJane'
    expect(cleanEmailText({ text: spaced })).toBe(spaced)
  })
})
