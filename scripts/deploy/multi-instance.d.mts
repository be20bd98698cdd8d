import type { ChildProcess } from 'node:child_process';

export interface DeployedProcess {
  name: string;
  child: ChildProcess;
  /** Every line the process wrote (JSON log lines and banners). */
  output: string[];
  running(): boolean;
  exited: Promise<void>;
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface DeployedInstance extends DeployedProcess {
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
}

export interface Deployment {
  /** nginx: what clients and PUBLIC_URL use. */
  url: string;
  instances: DeployedInstance[];
  databaseUrl: string;
  redisUrl: string;
  env: Record<string, string>;
  dir: string;
  nginxLog(): string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export function findNginx(): string | undefined;
export function startDeployment(options?: {
  instances?: number;
  env?: Record<string, string>;
  debug?: boolean;
  echo?: boolean;
}): Promise<Deployment>;
