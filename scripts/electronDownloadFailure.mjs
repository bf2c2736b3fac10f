// Why the Electron runtime could not be had, in one line that also says what to do. The errors
// come from @electron/get (fetch, its HTTPError, sumchecker's checksum errors), from the time
// limits of electronDownload.mjs, and from the electron package's install.js.

const SKIP_HINT = 'or run `npm start -- --browser` to skip the download';

/** The first error code along an error's causes (fetch wraps the socket error, sometimes twice). */
function errorCode(error) {
  for (let cause = error, depth = 0; cause && depth < 5; cause = cause.cause, depth += 1) {
    if (typeof cause.code === 'string') return cause.code;
    const first = Array.isArray(cause.errors) ? cause.errors.find((inner) => typeof inner?.code === 'string') : undefined;
    if (first) return first.code;
  }
  return null;
}

const hostOf = (url) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/;

/**
 * @param {unknown} error what the download or the installer threw
 * @param {{ url: string | null, fileName: string, timedOut: null | 'stall' | 'total', limits: { stallMs: number, totalMs: number } }} context
 * @returns {string} one line, without a newline
 */
export function describeDownloadFailure(error, { url, fileName, timedOut, limits }) {
  const err = /** @type {any} */ (error);
  const host = url ? hostOf(url) : 'the download host';
  const mirrorHint = `set ELECTRON_MIRROR to a mirror you can reach, or HTTPS_PROXY to your proxy, ${SKIP_HINT}`;
  if (timedOut) {
    const why =
      timedOut === 'stall'
        ? `no data from ${host} for ${limits.stallMs / 1000} s`
        : `it did not finish within ${limits.totalMs / 1000} s`;
    return `${why}; on a slow link raise MARKETDESK_ELECTRON_DOWNLOAD_TIMEOUT (seconds, now ${limits.totalMs / 1000}), ${mirrorHint}`;
  }
  if (err?.name === 'HTTPError' && err.response) {
    const { status, statusText } = err.response;
    return `${host} answered ${status}${statusText ? ` ${statusText}` : ''} for ${url ?? fileName}; set ELECTRON_MIRROR to a mirror that serves Electron's releases, or HTTPS_PROXY to your proxy, ${SKIP_HINT}`;
  }
  const message = String(err?.message ?? err);
  if (/did not match expected checksum/.test(message)) {
    return `${fileName} from ${host} does not match its published SHA-256 checksum, so it was not kept; try again, set ELECTRON_MIRROR to another mirror, ${SKIP_HINT}`;
  }
  if (/No checksum found/.test(message)) {
    return `the checksum list has no entry for ${fileName}, so it was not kept; set ELECTRON_MIRROR to a mirror of Electron's releases, ${SKIP_HINT}`;
  }
  const code = errorCode(err);
  if (code && TLS_CODES.test(code)) {
    return `${host}'s TLS certificate is not trusted (${code}); behind a proxy that inspects TLS, set NODE_EXTRA_CA_CERTS to its CA file, ${mirrorHint}`;
  }
  if (code) return `${host} cannot be reached (${code}); ${mirrorHint}`;
  return `${message.split('\n')[0]}; ${mirrorHint}`;
}

/**
 * install.js could not unpack the archive (a full disk, a folder it may not write).
 * @param {unknown} error @param {string} distDir
 */
export function describeUnpackFailure(error, distDir) {
  const message = String(/** @type {any} */ (error)?.message ?? error).split('\n')[0];
  return `unpacking it into ${distDir} failed (${message}); free the space or the permission it needs and run npm start again, ${SKIP_HINT}`;
}
