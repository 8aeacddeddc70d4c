import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { processCpuSeconds } from '../support';

/** The benchmark receiver (receiver.ts) as a child process, and a request/answer over IPC. */
export class ReceiverProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<ReceiverProcess> {
    const child = fork(path.join(__dirname, 'receiver.ts'), [], {
      execArgv: ['-r', path.join(__dirname, '../../scripts/register.js')],
    });
    const port = await new Promise<number>((resolve) =>
      child.once('message', (m: { port: number }) => resolve(m.port)),
    );
    return new ReceiverProcess(child, `http://127.0.0.1:${port}/hook`);
  }

  ask<T>(msg: object): Promise<T> {
    return new Promise((resolve) => {
      this.child.once('message', (m) => resolve(m as T));
      this.child.send(msg);
    });
  }

  /** CPU seconds the receiver has used so far. */
  cpuSeconds(): number {
    return this.child.pid === undefined ? 0 : processCpuSeconds(this.child.pid);
  }

  stop(): void {
    this.child.disconnect();
  }
}
