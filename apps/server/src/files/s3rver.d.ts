// s3rver ships no types: the part the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'

  type TS3rverOptions = {
    address?: string
    port?: number
    directory: string
    silent?: boolean
    configureBuckets?: { name: string }[]
  }

  export default class S3rver {
    constructor(options: TS3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
