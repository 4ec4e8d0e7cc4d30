import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EMAIL_CORPUS_DIR, hasEmailCorpus } from './email-corpus'
import { parseInboundEmail } from './parse-inbound-email'
import { stripReply } from './strip-reply'

const TALON_DIR = path.join(EMAIL_CORPUS_DIR, 'mailgun-talon')
const corpusPresent = hasEmailCorpus()
if (!corpusPresent) console.warn(`skipping the mailgun-talon replies: ${EMAIL_CORPUS_DIR} is absent`)

describe.skipIf(!corpusPresent)('stripReply on the mailgun-talon replies', () => {
  // Every standard reply answers "Hi" (or an earlier reply) with the single word "Hello", whichever
  // client wrote it: Gmail, Outlook, Yahoo, AOL, Hotmail, Apple Mail, iPhone, Android, Sparrow, Thunderbird.
  const files = corpusPresent ? readdirSync(path.join(TALON_DIR, 'standard_replies')).sort() : []

  it.each(files)('%s leaves only "Hello"', async (file) => {
    const email = await parseInboundEmail(readFileSync(path.join(TALON_DIR, 'standard_replies', file)))
    expect(email.textBody.trim()).not.toBe('Hello')
    expect(email.strippedReply).toBe('Hello')
  })

  it('cuts a Yahoo reply at "--- On <date>, <name> wrote:" above unquoted history', async () => {
    const email = await parseInboundEmail(
      readFileSync(path.join(TALON_DIR, 'reply-quotations-share-block.eml')),
    )
    expect(email.strippedReply.startsWith('Hi Katharine.')).toBe(true)
    expect(email.strippedReply.endsWith('Joe XXX')).toBe(true)
    expect(email.strippedReply).not.toContain('New Booking Inquiry')
    expect(email.textBody).toContain('New Booking Inquiry')
  })

  it('uses the HTML part of a reply the same way when there is no text part', async () => {
    const raw = readFileSync(path.join(TALON_DIR, 'standard_replies', 'gmail.eml'), 'latin1')
    const htmlOnly = raw.replace(/Content-Type: text\/plain;[\s\S]*?(?=--=+)/, '')
    const email = await parseInboundEmail(Buffer.from(htmlOnly, 'latin1'))
    expect(email.textBody).toContain('> Hi')
    expect(email.strippedReply).toBe('Hello')
  })
})

describe('stripReply on reply formats', () => {
  const strip = (text: string, subject?: string) => stripReply({ text, subject })

  it('leaves a message without history alone', () => {
    expect(strip('Hi,\n\nmy printer is on fire.\n\nThanks\nAnn\n')).toEqual({
      text: 'Hi,\n\nmy printer is on fire.\n\nThanks\nAnn',
      hasQuotedReply: false,
      hasSignature: false,
    })
  })

  it('cuts an Outlook header block and the underscore rule above it', () => {
    const text = [
      'It still fails.',
      '',
      '________________________________',
      'From: Support <support@example.com>',
      'Sent: Monday, 3 March 2025 10:00',
      'To: Ann <ann@example.com>',
      'Subject: RE: Printer',
      '',
      'Did you restart it?',
    ].join('\r\n')
    expect(strip(text)).toMatchObject({ text: 'It still fails.', hasQuotedReply: true })
  })

  it('cuts localized attributions: German, French, Spanish, wrapped over two lines', () => {
    expect(strip('Danke!\n\nAm 03.03.2025 um 10:00 schrieb Support <s@example.com>:\n> Hallo').text).toBe(
      'Danke!',
    )
    expect(
      strip('Merci\n\nLe lun. 3 mars 2025 à 10:00, Support <s@example.com> a écrit :\n> Bonjour').text,
    ).toBe('Merci')
    expect(
      strip('Gracias\n\nEl lun, 3 mar 2025 a las 10:00, Support (<s@example.com>)\nescribió:\n> Hola').text,
    ).toBe('Gracias')
  })

  it('removes a "-- " signature and a mobile footer but keeps the text above', () => {
    expect(strip('Please call me.\n\n-- \nAnn Smith\nACME Corp')).toEqual({
      text: 'Please call me.',
      hasQuotedReply: false,
      hasSignature: true,
    })
    expect(strip('On my way.\n\nSent from my iPhone')).toEqual({
      text: 'On my way.',
      hasQuotedReply: false,
      hasSignature: true,
    })
    expect(
      strip('On my way.\n\nSent from my iPhone\n\nOn 3 Mar 2025, at 10:00, Bob wrote:\n> Where are you?'),
    ).toEqual({
      text: 'On my way.',
      hasQuotedReply: true,
      hasSignature: true,
    })
    expect(strip('Bin unterwegs.\n\nVon meinem iPhone gesendet').text).toBe('Bin unterwegs.')
  })

  it('keeps a question quoted between two answers, but not the history around them', () => {
    const text = [
      'On Mon, 3 Mar 2025 at 10:00, Support <s@example.com> wrote:',
      '> Which model is it?',
      'A Laserjet 4.',
      '> And the firmware?',
      'The latest.',
      '> Thanks, Support',
    ].join('\n')
    expect(strip(text).text).toBe('A Laserjet 4.\n> And the firmware?\nThe latest.')
  })

  it('keeps the forwarded message of a forward: it is what the customer wants read', () => {
    const gmail =
      'See below.\n\n---------- Forwarded message ---------\nFrom: Bob <bob@example.com>\nDate: Mon\nSubject: Invoice\nTo: ann@example.com\n\nThe invoice is wrong.'
    expect(strip(gmail, 'Fwd: Invoice').text).toContain('The invoice is wrong.')
    const outlook =
      'FYI\n\nFrom: Bob <bob@example.com>\nSent: Monday\nTo: Ann\nSubject: Invoice\n\nThe invoice is wrong.'
    expect(strip(outlook, 'FW: Invoice').text).toContain('The invoice is wrong.')
    expect(strip(outlook, 'RE: Invoice').text).toBe('FYI')
  })

  it('cuts at a "reply above this line" marker', () => {
    const text =
      'Yes, that fixed it.\n\n##- Please type your reply above this line -##\n\nTicket #42 was updated.'
    expect(strip(text).text).toBe('Yes, that fixed it.')
  })

  it('returns the whole text when nothing new would remain', () => {
    const text = '> only a quote\n> nothing else'
    expect(strip(text)).toEqual({ text, hasQuotedReply: false, hasSignature: false })
  })
})
