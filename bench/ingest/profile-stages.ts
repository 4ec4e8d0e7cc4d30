import fs from 'node:fs'

// Where a profiled burst's time went, per mail and per ingest stage: each sample of a V8 .cpuprofile is given
// to the innermost pipeline stage on its stack. Profile the bench's process (it runs the server) with
// `node --cpu-prof --cpu-prof-dir=<dir> --import tsx bench/ingest/run.ts 1000 0 <db>`, one file per thread.
// Usage: tsx bench/ingest/profile-stages.ts <file.cpuprofile> [mails=1000]

type TNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] }
type TProfile = {
  nodes: TNode[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

// Innermost first wins, so code a stage calls (a driver, node's own) is the caller's unless listed.
const STAGES: [string, RegExp][] = [
  ['PGlite engine (WASM and its JS)', /@electric-sql\/pglite|wasm:\/\/|db\/pglite-/],
  ['parse (postal-mime, triage)', /postal-mime|mail\/parse\/|triage-delivery|node:internal\/blob/],
  ['local analysis', /\/analysis\/|ticket-analysis|analyse-deliveries/],
  ['attachment files', /store-attachments|local-file-storage/],
  ['decide', /decide-delivery|batch-decisions-repository|build-mail-fields|fit-json|find-thread-ticket/],
  ['write', /write-decisions|ticket-service|ticket-repository|document-repository|tickets-collection/],
  ['publish', /publish-decisions|publish-document-event|event-bus/],
  ['the ingest queue', /inbound-queue|ingest-worker|inbound-processor/],
  ['pg-boss jobs', /pg-boss|\/jobs\//],
  ['SMTP receive and store', /smtp-server|mail\/smtp\/|mail\/inbound\/|intake-limits|group-commit/],
  ['realtime fan-out and HTTP', /realtime|\/ws\/|fastify|\/http\/|find-my-way/],
  ['pg driver', /node_modules\/pg\/|pg-protocol|pg-pool|pg-types|postgres-bytea/],
  ['left out: the bench itself', /\/bench\//],
  ['left out: start-up (tsx, module loading)', /node_modules\/tsx\/|node:internal\/modules/],
]
const MARKERS = new Map([
  ['(garbage collector)', 'garbage collection'],
  ['(idle)', 'idle'],
  ['(program)', 'native, unattributed'],
])

const [file, mailsArg] = process.argv.slice(2)
if (!file) throw new Error('usage: tsx bench/ingest/profile-stages.ts <file.cpuprofile> [mails=1000]')
const mails = Number(mailsArg ?? 1000)
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as TProfile
const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
const parents = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)

const stages = new Map<number, string>()
function stageOf(id: number): string {
  const known = stages.get(id)
  if (known) return known
  let stage = 'node internals, microtasks'
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const frame = nodes.get(at)?.callFrame
    if (!frame) break
    const marker = MARKERS.get(frame.functionName)
    const rule = STAGES.find(([, pattern]) => pattern.test(frame.url))
    if (marker ?? rule) {
      stage = marker ?? rule?.[0] ?? stage
      break
    }
  }
  stages.set(id, stage)
  return stage
}

const totals = new Map<string, number>()
for (const [index, sample] of profile.samples.entries()) {
  const stage = stageOf(sample)
  totals.set(stage, (totals.get(stage) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000)
}
const counted = [...totals].filter(([stage]) => stage !== 'idle' && !stage.startsWith('left out'))
const busy = counted.reduce((sum, [, ms]) => sum + ms, 0)
console.log(
  `${file}: ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled; ${(busy / mails).toFixed(2)} ms per mail over ${mails} in the stages below`,
)
for (const [stage, ms] of [...totals].sort((a, b) => b[1] - a[1])) {
  console.log(`${(ms / mails).toFixed(2).padStart(8)} ms  ${stage}`)
}
