import nodemailer from 'nodemailer'

export type TMail = {
  to: string
  subject: string
  text: string
  /** An HTML part beside the text. */
  html?: string
  from?: string
  messageId?: string
  inReplyTo?: string
  headers?: Record<string, string>
  attachments?: { filename: string; content: Buffer; contentType: string }[]
}

export const CUSTOMER = 'dana@customer-corp.example'

/** Sends over real SMTP to the server's inbound port, as a customer's mail server would. */
export async function sendMail(port: number, mail: TMail) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 10_000,
  })
  try {
    return await transport.sendMail({
      from: CUSTOMER,
      ...mail,
      ...(mail.inReplyTo ? { references: mail.inReplyTo } : {}),
    })
  } finally {
    transport.close()
  }
}
