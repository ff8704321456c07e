/** Whether `host` is this machine (loopback names and addresses). */
export function isLocalHost(host: unknown): boolean;
