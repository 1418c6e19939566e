// Which header carries the visitor's address. Fly's proxy sets Fly-Client-IP
// and overwrites any value a client sends, so it is trusted only when the app
// runs on Fly (FLY_APP_NAME is set there). Elsewhere a client could write it
// itself, so only a header the operator names in CLIENT_IP_HEADER (set by a
// proxy they run) is trusted. Without either, the socket's address, which
// the production server (app/server) writes into SOCKET_ADDRESS_HEADER after
// removing whatever a client sent under that name.
export const SOCKET_ADDRESS_HEADER = "x-socket-address";

// Read once: the environment does not change while the process runs, and
// reading process.env costs a call into the C++ runtime on every request.
const TRUSTED_HEADER = process.env.FLY_APP_NAME
  ? "fly-client-ip"
  : process.env.CLIENT_IP_HEADER?.toLowerCase() || SOCKET_ADDRESS_HEADER;

export const UNKNOWN_CLIENT = "unknown";

/**
 * The same address for a request the production server has not handed to
 * Express yet (its socket's address is not in SOCKET_ADDRESS_HEADER then).
 */
export function clientAddressOf(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
) {
  const raw =
    TRUSTED_HEADER === SOCKET_ADDRESS_HEADER
      ? socketAddress
      : headers[TRUSTED_HEADER];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.split(",")[0]?.trim();
  return value && value.length <= 64 ? value : UNKNOWN_CLIENT;
}

export function getClientIp(request: Request) {
  const value = request.headers.get(TRUSTED_HEADER)?.split(",")[0]?.trim();
  return value && value.length <= 64 ? value : UNKNOWN_CLIENT;
}
