import net from 'node:net'

// A sending mail server's side of SMTP, as little of it as the benchmark needs: one connection, EHLO once,
// then MAIL / RCPT / DATA per message, pipelined, with the body already dot-stuffed. nodemailer spent
// ~4 ms of CPU per 22 KB message on its streams: on a 2-core machine, CPU taken from the server measured.

export type TSmtpReply = { code: number; text: string }

/** The reply to a message's data, and when its last byte was handed to the kernel (Date.now()). */
export type TSmtpDelivery = { reply: TSmtpReply; dataSentAt: number }

/** The DATA section of a raw message: CRLF line ends, leading dots doubled, ended by `<CRLF>.<CRLF>`. */
export function toSmtpData(raw: Buffer): Buffer {
  const text = raw.toString('latin1').replace(/\r?\n/g, '\r\n')
  const stuffed = text.replace(/^\./gm, '..')
  return Buffer.from(`${stuffed}${stuffed.endsWith('\r\n') ? '' : '\r\n'}.\r\n`, 'latin1')
}

export type TBenchSmtpConnection = {
  /** Delivers one message; resolves with the reply to its data (250 when queued). Throws on any other step's refusal. */
  send(options: { from: string; to: string; data: Buffer }): Promise<TSmtpDelivery>
  close(): void
}

export async function openBenchSmtpConnection(port: number): Promise<TBenchSmtpConnection> {
  const socket = net.connect({ host: '127.0.0.1', port })
  socket.setNoDelay(true)
  let buffered = ''
  let lines: string[] = []
  const waiting: ((reply: TSmtpReply) => void)[] = []
  socket.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('latin1')
    for (let end = buffered.indexOf('\r\n'); end >= 0; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end)
      buffered = buffered.slice(end + 2)
      lines.push(line)
      // The last line of a reply has a space (or nothing) after its code; the others a dash.
      if (line[3] !== '-') {
        const reply = { code: Number(line.slice(0, 3)), text: lines.join('\n') }
        lines = []
        waiting.shift()?.(reply)
      }
    }
  })
  const failed = new Promise<never>((_, reject) => {
    socket.once('error', reject)
    socket.once('close', () => reject(new Error('the SMTP connection closed')))
  })
  failed.catch(() => undefined)
  const nextReply = () => Promise.race([new Promise<TSmtpReply>((resolve) => waiting.push(resolve)), failed])
  const command = async (line: string | Buffer, expected: number): Promise<TSmtpReply> => {
    const reply = nextReply()
    socket.write(line)
    const answer = await reply
    if (answer.code !== expected) throw new Error(`SMTP ${answer.code}: ${answer.text}`)
    return answer
  }

  const greeting = await nextReply()
  if (greeting.code !== 220) throw new Error(`SMTP greeting ${greeting.code}: ${greeting.text}`)
  await command('EHLO bench.sender.example\r\n', 250)
  return {
    async send({ from, to, data }) {
      // PIPELINING (RFC 2920, which the server advertises): the envelope and DATA in one write, as a
      // sending MTA like Postfix does, then their three replies in order.
      const replies = [nextReply(), nextReply(), nextReply()]
      socket.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`)
      const [mail, rcpt, dataReady] = await Promise.all(replies)
      for (const [answer, expected] of [
        [mail, 250],
        [rcpt, 250],
        [dataReady, 354],
      ] as const) {
        if (answer?.code !== expected) throw new Error(`SMTP ${answer?.code}: ${answer?.text}`)
      }
      const reply = nextReply()
      // The end of DATA as the sender knows it: its last byte written. A write the kernel took whole is
      // done now; one it queued is done when its callback runs.
      const written = new Promise<number>((resolve, reject) => {
        socket.write(data, (error) => (error ? reject(error) : resolve(Date.now())))
      })
      const writtenNow = socket.writableLength === 0 ? Date.now() : undefined
      const [writtenLater, answer] = await Promise.all([written, reply])
      return { reply: answer, dataSentAt: writtenNow ?? writtenLater }
    },
    close() {
      socket.end('QUIT\r\n')
    },
  }
}
