// s3rver ships no types; the little the tests use.
declare module 's3rver' {
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
