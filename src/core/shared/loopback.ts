/** localhost, *.localhost, 127.x.x.x, [::1] (a trailing dot allowed): this machine, as only its own browser can reach it. */
const LOOPBACK = /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])\.?$/i;

/** Whether a host name (a URL's `hostname`, or a Host header without its port) names this machine itself. */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK.test(hostname);
